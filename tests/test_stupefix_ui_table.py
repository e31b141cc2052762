"""The Stupéfix table and setup through real pygame events: privacy for the secret choices, English meanings of
the French names, the setup screen, and whole games that end exactly as a headless replay of their commands."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from tabletop.core import Match, load_match
from tabletop.core.codec import to_json
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix.events import PointWand, PrepareSpell
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables import setup_scene_for
from tabletop.ui.tables.stupefix.faces import help_text
from tabletop.ui.tables.stupefix.setup import StupefixSetup
from tabletop.ui.tables.stupefix.table import StupefixTable
from tests.stupefix_helpers import new
from tests.stupefix_ui_helpers import pass_privacy, table_for, until
from tests.ui_driver import Driver, pass_on_now, past_the_last_move

REGISTRY = {GAME.id: GAME}


def hand_faces_shown(table) -> set[int]:
    """Seats whose spell cards in hand are drawn face up (the table registers their names for help)."""
    shown = set()
    for placed in table.hits.of_kind("term"):
        for seat, spot in enumerate(table.layout.seats):
            if placed.item in ("stupefix", "rate") and spot.hand.contains(placed.rect):
                shown.add(seat)
    return shown


def test_the_default_font_draws_the_french_accents():
    pygame.init()
    theme.reset_caches()  # (as the app does: a font cached before another test's pygame.quit is dead)
    font = theme.font(40, True)
    for letter in "éÉèîçà":
        assert font.size(letter)[0] > 0
    for plain, accented in (("E", "É"), ("e", "é"), ("c", "ç"), ("a", "à")):
        plain, accented = font.render(plain, True, (0, 0, 0)), font.render(accented, True, (0, 0, 0))
        assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(accented, "RGBA")


def test_secret_choices_behind_the_privacy_screen_and_a_public_table_otherwise():
    app, driver, table = table_for(["human", "human", "greedy", "greedy"], seed=5)
    assert isinstance(app.scenes.top, PrivacyOverlay) and app.scenes.top.seat == 0
    assert app.scenes.visible() == [app.scenes.top]  # nothing of the table shows under it
    driver.frames(50)
    driver.tap((640, 400))
    assert table.secrets_of == 0 and table.panel is not None and table.choice.kind == "prepare"
    driver.frames(1)
    assert hand_faces_shown(table) == {0}
    driver.perform(table.gesture_for(PrepareSpell(0, "stupefix")))
    driver.frames(2)
    assert table.lingering() and hand_faces_shown(table) == {0}  # her choice before her a moment (Undo may)
    assert "passes to" in table.prompt()[0]
    past_the_last_move(driver)
    overlay = app.scenes.top
    assert isinstance(overlay, PrivacyOverlay) and overlay.seat == 1
    pass_privacy(driver)
    assert table.secrets_of == 1
    driver.frames(1)
    assert hand_faces_shown(table) == {1}
    assert table.view.my_prepared is None and table.view.prepared[0]  # the first person's card, face down
    driver.perform(table.gesture_for(PrepareSpell(1, "rate")))
    until(driver, table, lambda: table.session.phase == "target" and table.live is not None)
    driver.frames(1)
    assert table.secrets_of is None and hand_faces_shown(table) == set()


def test_long_press_and_hover_give_the_english_meaning():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=2)
    driver.frames(2)
    rect = table.hits.rect_of("reward", "chouchou")
    spot = (rect.centerx, rect.bottom - 6)
    if table.panel is not None:
        table.panel.hidden = True
        table.panel.layout(table.layout.centre)
    driver.frames(1)
    driver.down(spot, finger=1)
    driver.frames(40)
    assert table.zoomed() == "chouchou"
    assert help_text("chouchou")[:2] == ("Become Teacher's Pet", "Devenir le Chouchou")
    driver.up(spot, finger=1)
    driver.frames(2)
    assert table.zoomed() is None
    tile = table.hits.rect_of("term", "pet")
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=tile.center, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    )
    driver.frames(40)
    assert table.zoomed() == "pet" and help_text("pet")[:2] == ("Teacher's Pet", "Chouchou")


def setup_scene() -> tuple[App, Driver, StupefixSetup]:
    """Stupéfix's setup screen at 1280x800, as New game opens it."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(2)
    scene = setup_scene_for(app, GAME)
    assert isinstance(scene, StupefixSetup)
    app.scenes.push(scene)
    driver.frames(2)
    return app, driver, scene


def test_setup_scene_seats_houses_and_first_chouchou():
    app, driver, scene = setup_scene()
    assert scene.players == 6 and len(scene.rows) == 6
    driver.tap(scene.players_choice.arrows()[1].center)  # 7 players
    assert scene.players == 7 and len(scene.rows) == 7 and scene.start.enabled
    assert GAME.check_options(7, scene.options()) is None
    driver.tap(scene.rows[1].house.arrows()[0].center)  # Ravenclaw -> Hufflepuff: a wrong make-up
    assert not scene.start.enabled and "2+2+2+1" in scene.error
    driver.tap(scene.start.rect.center)
    assert app.scenes.top is scene
    driver.tap(scene.arrange.rect.center)
    assert scene.start.enabled and scene.error == ""
    driver.tap(scene.chouchou_choice.arrows()[1].center)  # Random -> the first seat
    assert scene.options()["chouchou"] == 0
    driver.tap(scene.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable)
    match = table.session.match
    assert len(match.seats) == 7 and match.state.chouchou == 0
    assert [s.controller for s in match.seats][:2] == ["human", "medium"]


def test_the_setups_team_note_says_what_the_handicap_is_and_whom_it_concerns():
    """ "(teams of two are handicapped)" did not say what the handicap is, and at 6 and 8 players, where every
    house has two players, read as if only some teams had it. The note now says it as the game deals it: each
    player of a house of two has a Stupefy fewer and a Late token from the start (everyone at 6 and 8)."""
    app, driver, scene = setup_scene()
    usual = new(4).hands[0].count("stupefix")  # (four houses of one: no handicap)
    driver.tap(scene.players_choice.arrows()[0].center)  # 6 -> 5 players
    for players in (5, 6, 7, 8):
        assert scene.players == players
        deal = new(players)
        pair = next(seat for seat in range(players) if deal.houses.count(deal.houses[seat]) == 2)
        handicap = (
            f"each player has {deal.hands[pair].count('stupefix')} Stupefy instead of {usual} and "
            f"{deal.retard[pair]} Late token from the start"
        )
        whom = "every house has two players, so " if players in (6, 8) else "in a house of two, "
        assert whom + handicap in " ".join(scene.team_note_lines()), (players, scene.team_note_lines())
        driver.tap(scene.players_choice.arrows()[1].center)
    pygame.quit()


def play_all(driver, table, rng, fingers: bool):
    """Play every person's move through the table's gestures until the results show."""
    app, session = driver.app, table.session
    intended = []
    passed_on = 0  # secret choices passed on by a tap (with several people at the screen)
    for _ in range(40_000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            assert passed_on or len(table.humans) == 1, "no tap passed the screen on"
            return intended
        if pass_on_now(driver):  # (the person is done: a tap passes the screen on; ``pass_privacy`` waits)
            passed_on += 1
            continue
        if pass_privacy(driver):
            continue
        if top is table and table.cue() is not None:
            driver.tap(table.ready_button.rect.center)
            continue
        if top is table and table.reveal is None:
            state = session.match.state
            command = None
            if table.panel is not None and not table.panel.hidden:
                command = rng.choice(table.choice.view.legal)
            elif table.view.phase == "draft" and not table.view.tasks:
                drafter = table.view.drafter()
                if drafter is not None and session.is_human(drafter):
                    command = rng.choice(GAME.legal(state, drafter))
            elif table.view.phase == "target":
                seat = next((s for s in table.humans if table.can_point(s)), None)
                if seat is not None and rng.random() < 0.85:
                    command = rng.choice([c for c in GAME.legal(state, seat) if c.target is not None])
            if command is not None:
                before = len(session.match.log)
                driver.perform(table.gesture_for(command))
                assert command in session.match.log[before:], f"{command} not applied ({table.message})"
                intended.append(command)
                continue
        driver.frames(3)
    raise AssertionError("the game did not finish")


@pytest.mark.parametrize(
    "controllers,fingers,seed",
    [
        (["human", "greedy", "random", "greedy", "greedy"], False, 404),
        (["human", "human", "greedy", "human"], True, 77),
    ],
)
def test_whole_game_by_pointer_events_matches_a_headless_replay(controllers, fingers, seed):
    app, driver, table = table_for(controllers, seed=seed)
    driver.fingers = fingers
    intended = play_all(driver, table, random.Random(seed), fingers)
    match = table.session.match
    assert match.result() is not None
    people = [c for c in match.log if match.seats[c.seat].is_human]
    missing = [c for c in people if c not in intended]
    assert all(isinstance(c, PointWand) and c.target is None for c in missing)  # too late at "three"
    assert [c for c in people if c in intended] == intended
    replay = Match.replay(GAME, match.seats, match.options, match.seed, match.log)
    assert to_json(replay.state) == to_json(match.state)
    saved = load_match(table.session.path, REGISTRY)
    assert to_json(saved.state) == to_json(match.state)
    pygame.quit()


@pytest.mark.parametrize(("players", "percent"), [(6, 125), (7, 125), (6, 200), (7, 150)])
def test_the_piles_urn_and_late_token_reserve_lie_clear_of_every_place_mat(players, percent):
    """In a narrow middle (a small window at a larger interface size) the Late tokens' reserve lay under the
    next seat's mat, left of the deck: the urn narrows instead."""
    app, driver, table = table_for(["human"] + ["greedy"] * (players - 1), size=(1024, 640))
    app.settings.ui_scale = percent
    app.rescale()
    driver.frames(2)
    layout, window = table.layout, pygame.Rect(0, 0, 1024, 640)
    mats = [seat.rect for seat in layout.seats]
    for part in (layout.reserve, layout.deck, layout.discard, layout.urn):
        assert window.contains(part) and part.collidelist(mats) < 0, (part, mats)
    assert table.hits.item_at(layout.reserve.center, "term") == "retard"  # the reserve on top, explained
    pygame.quit()


@pytest.mark.parametrize(
    "size,large", [((1024, 640), False), ((1280, 800), False), ((1024, 640), True), ((1080, 1920), True)]
)
@pytest.mark.every_frame
def test_a_seats_tokens_and_points_lie_clear_of_its_status_badge(monkeypatch, size, large):
    """Eight players at 1024x640: the "preparing" badge at a mat's foot lay over the Favours' count, and during
    the draft a seat's "+40" lay under its badge. The tokens and points now close up left of the badge, or lie
    above it where they would have to be narrowed beside it."""
    import dataclasses

    from tabletop.ui.sprites import cache as sprite_cache
    from tabletop.ui.tables.stupefix import painter

    app, driver, table = table_for(["human"] + ["greedy"] * 7, size=size)
    if large:  # (the type stops at a larger smallest size: the row is narrowed at the last)
        app.settings.large_text = True
        app.rescale()
        driver.frames(2)
    pills: list[pygame.Rect] = []
    pill = theme.pill
    monkeypatch.setattr(theme, "pill", lambda *args, **kwargs: pills.append(pill(*args, **kwargs)) or pills[-1])
    for seat in range(8):
        mat = painter._mat_of(table.look(), seat)
        for badge in ("preparing", "too late", "aiming"):
            crowded = dataclasses.replace(mat, tokens=(3, 4, 10), points=40, badge=(badge, theme.GOLD_LIGHT))
            pills.clear()
            sprite_cache.reset_all()
            _surface, terms = painter._mat(crowded)
            counted = [rect for rect, _kind, item in terms if item in ("retard", "potion", "faveur", crowded.house)]
            assert len(pills) == 1 and len(counted) == 4
            clear = [rect.right <= pills[0].left + 3 or rect.bottom <= pills[0].top + 3 for rect in counted]
            assert all(clear), (seat, badge, counted, pills)
    pygame.quit()


@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_urn_has_a_tube_for_each_house_in_play_and_no_empty_one(players):
    """With six players (three houses of two) the urn showed a fourth tube holding only "-", with no crest nor
    word of why; it now has one tube for each house in play, sharing its width."""
    app, driver, table = table_for(["human"] + ["greedy"] * (players - 1))
    tubes = [rect for rect, house in ((t.rect, t.item) for t in table.hits.of_kind("score")) if isinstance(house, str)]
    urn = table.layout.urn
    tubes = [rect for rect in tubes if urn.contains(rect)]
    assert len(tubes) == len(set(table.view.houses)) == len(dict(table.view.urns))
    assert sum(rect.width for rect in tubes) >= urn.width * 0.85  # the width shared, no gap for a missing house
    pygame.quit()


def test_a_reward_name_on_a_narrow_card_splits_where_both_lines_fit(monkeypatch):
    """Eight players at 1024x640: "Become Teacher's Pet" was split by word count ("Become Teacher's" over "Pet"),
    whose first line could not fit the narrow card at any size, so it showed "Become" alone. Names now split where
    the longer line is shortest (on this card, now, on three lines: "Teacher's Pet" is too wide for it in type 13)."""
    from tabletop.ui.sprites import cache as sprite_cache
    from tabletop.ui.tables.stupefix import faces
    from tests.drawn_text import record_drawn

    assert theme.halves("Become Teacher's Pet") == ["Become", "Teacher's Pet"]
    assert theme.halves("School Uniform (Hufflepuff)") == ["School Uniform", "(Hufflepuff)"]
    app, driver, table = table_for(["human"] + ["greedy"] * 7, size=(1024, 640))
    drawn = record_drawn(monkeypatch)
    sprite_cache.reset_all()
    faces.reward_face("chouchou", min(rect.width for rect in table.layout.row))
    assert drawn == ["Become", "Teacher's", "Pet"]
    pygame.quit()


@pytest.mark.parametrize("scale", [100, 200])
@pytest.mark.parametrize("players", [4, 5, 7, 8])
def test_a_tall_windows_prompt_takes_the_width_the_mats_leave_free_at_its_height(players, scale):
    """In a tall window the middle is narrowed by the mats at its sides (about 410 px at 1080x1920, the largest
    scale), and the prompt over the rewards was squeezed into it to letters of 8 px (a reviewer with large text).
    Where no mat lies at its height it is as wide as the rest of the middle's things at most, clear of the mats."""
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", ui_scale=scale, large_text=scale > 100)
    controllers = ["human"] + ["greedy"] * (players - 1)
    app, driver, table = table_for(controllers, size=(1080, 1920), settings=settings)
    banner, centre = table.layout.banner, table.layout.centre
    assert centre.width < theme.px(560)
    assert banner.width >= theme.px(600) and pygame.Rect((0, 0), (1080, 1920)).contains(banner)
    assert all(not seat.rect.colliderect(banner) for seat in table.layout.seats)
    pygame.quit()


@pytest.mark.parametrize("size", [(1080, 1920), (1024, 1280)])
def test_a_tall_windows_prompt_stays_in_the_window_at_every_number_of_players(size):
    """Grown where the mats left room, a prompt already wider than that was pushed past the window's right edge
    (1024x1280, six players: the diff review found it)."""
    from tabletop.ui.tables.stupefix.layout import compute

    window = pygame.Rect((0, 0), size)
    for scale in (100, 150, 200):
        theme.Scale.configure(scale, scale > 100)
        theme.Scale.update(size)
        try:
            for players in range(4, 9):
                layout = compute(size, players)
                assert window.contains(layout.banner), (size, scale, players, layout.banner)
                assert all(not seat.rect.colliderect(layout.banner) for seat in layout.seats), (size, scale, players)
        finally:
            theme.Scale.configure(100, False)
            theme.Scale.update(theme.BASE_SIZE)


@pytest.mark.parametrize("size", [(1080, 1920), (1024, 1280)])
def test_a_tall_windows_pile_captions_lie_clear_of_the_seats(size):
    """On a portrait touchscreen the discard pile's two lines ("Discard: 0 Stupefy", "0 Misfire, 0 face down") ran
    under the next seat's mat, six players at 1080x1920 (a review at odd sizes): the middle keeps their room."""
    from tabletop.ui.tables.stupefix.layout import compute

    theme.Scale.update(size)
    try:
        for players in range(4, 9):
            layout = compute(size, players)
            for pile in (layout.deck, layout.discard):
                lines = pygame.Rect(pile.left - theme.px(30), pile.bottom, pile.width + theme.px(60), theme.px(28))
                assert not any(seat.rect.colliderect(lines) for seat in layout.seats), (size, players)
    finally:
        theme.Scale.update(theme.BASE_SIZE)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800), (1024, 640), (1080, 1920), (800, 1280)])
def test_the_counts_disc_leaves_every_rewards_value_in_sight(size):
    """The count's disc sat on the middle reward card and hid its value all through the count, when people choose
    whom to aim at (a review of accessibility; at most sizes and counts of players, the diff's review): beside
    the rewards where the table has room, else on the middle card's title and picture, its value in sight."""
    from tabletop.ui.tables.stupefix.layout import compute
    from tabletop.ui.tables.stupefix.painter import VALUE_TOP, count_place

    theme.Scale.update(size)
    try:
        for players in range(4, 9):
            layout = compute(size, players)
            (x, y), radius = count_place(layout)
            disc = pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius)
            # (each card's figure at its foot, from where faces draws it: about the last quarter)
            values = [card.clip(card.move(0, round(card.height * VALUE_TOP))) for card in layout.row]
            assert not any(disc.colliderect(value) for value in values), (size, players)
            assert not any(disc.colliderect(seat.rect) for seat in layout.seats), (size, players)
            assert radius >= theme.px(34)
    finally:
        theme.Scale.update(theme.BASE_SIZE)


def test_each_hidden_hand_shows_the_stupefy_everyone_can_count_it_may_hold():
    """How many Stupefy each opponent can still hold is the game's core read (Protego or cast, and at whom), and
    anyone at a real table can count it from the face-up discards: the screen showed only the pile's total (a
    review: in round 3 of the four-player example, 8 Stupefy lay face up, one left to each). A chip on every
    hidden hand says it, and explains itself when held under the pointer."""
    from tabletop.paths import asset_dir
    from tabletop.ui.settings import Settings
    from tabletop.ui.tables.stupefix.painter import stupefix_held
    from tests.ui_driver import open_past_cover

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = open_past_cover(app, asset_dir("saves") / "stupefix-4p-round3-wands.json")
    driver.frames(1)
    table = app.scenes.top
    assert isinstance(table, StupefixTable)
    view = table.view
    assert view.discard_up[0] == 8 and [stupefix_held(view, seat) for seat in range(4)] == [(1, 1)] * 4
    chips = [placed.rect for placed in table.hits.of_kind("term") if placed.item == "stupefix_held"]
    assert len(chips) == 4  # the shared table: every hand lies face down
    assert all(any(spot.rect.contains(chip) for spot in table.layout.seats) for chip in chips)
    assert table.card_under(chips[0].center) == "stupefix_held"


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640), (1920, 1080)])
def test_back_to_the_choice_covers_nothing_a_peek_is_for(size):
    """Peek at the table put "Back to the choice" at the foot of the middle: over two houses' scores in the urn,
    the very thing the peek was for (a review at 1280x720, seven players). It stands where it covers no reward,
    score, pile, mat nor button, and takes the player back."""
    from tabletop.paths import asset_dir
    from tabletop.ui.settings import Settings
    from tests.ui_driver import open_past_cover

    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = open_past_cover(app, asset_dir("saves") / "stupefix-7p-round6-draft.json")
    table = app.scenes.top
    assert isinstance(table, StupefixTable) and table.panel is not None
    driver.tap(table.panel.hide.rect.center)
    assert table.panel.hidden
    back = table.panel.hide.rect
    assert back.collidelist(table.peek_clear()) < 0 and app.screen.get_rect().contains(back)
    driver.tap(back.center)
    assert not table.panel.hidden


def test_in_the_last_round_the_laid_card_alone_still_carries_the_chip():
    """In round 8 every hand is empty once the spells are laid, and whether a laid card is a Stupefy decides
    Protego: the chip went with the last card in hand (the diff's review)."""
    from tabletop.bots import make_bot
    from tabletop.core.match import SeatInfo
    from tabletop.core.rng import Rng
    from tabletop.ui.settings import Settings
    from tabletop.ui.tables.stupefix.painter import stupefix_held
    from tests.ui_driver import Driver

    seats = [SeatInfo("Ada", "human")] + [SeatInfo(name, "medium") for name in ("Bram", "Cleo", "Dov")]
    for seed in range(20):  # (the first greedy game where a laid card alone may be a Stupefy)
        match = Match(GAME, seats, GAME.default_options(4), seed)
        bot, rng = make_bot(GAME, "greedy"), Rng.from_seed(seed)
        while not (match.state.round == 8 and match.state.phase == "target"):
            seat = match.to_act()[0]
            match.apply(bot.choose(GAME.view(match.state, seat), rng))
        view = GAME.view(match.state, 0)
        laid = [seat for seat in range(1, 4) if view.prepared[seat] and not view.hand_counts[seat]]
        if laid and any(stupefix_held(view, seat) != (0, 0) for seat in laid):
            break
    assert laid and any(stupefix_held(view, seat) != (0, 0) for seat in laid)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    app.go.table(match)
    Driver(app).frames(20)
    table = app.scenes.top
    assert isinstance(table, StupefixTable)
    chips = [placed.rect for placed in table.hits.of_kind("term") if placed.item == "stupefix_held"]
    for seat in laid:
        assert any(table.layout.seats[seat].rect.contains(chip) for chip in chips), seat


@pytest.mark.every_frame
def test_a_wand_lying_on_the_table_lies_under_the_rewards(monkeypatch):
    """With eight at 1366x768 the wand of a seat at the side lay over the first reward and turned its "20" into
    "26" (a review by touch). A wand neither held nor to be taken up is drawn under the cards: painted a colour
    nothing else has, none of it shows inside a reward's place."""
    from tabletop.ui.tables.stupefix import faces

    marked = (255, 0, 255)

    def wand(length, angle):
        sprite = pygame.Surface((length, 8))
        sprite.fill(marked)
        return pygame.transform.rotate(sprite, -math.degrees(angle))

    app, driver, table = table_for(["human"] + ["medium"] * 7, size=(1366, 768))
    until(driver, table, lambda: table.view.phase == "draft" and not table.busy())
    monkeypatch.setattr(faces, "wand", wand)
    driver.frames(1)
    look = table.look()
    lying = [seat for seat in range(8) if seat not in look.ready and seat not in dict(look.held)]
    crossing = [(seat, rect) for seat in lying for rect in table.layout.row if rect.clipline(*look.wands[seat])]
    assert crossing, "a wand lies across a reward's place here"
    for _seat, rect in crossing:
        inside = rect.inflate(-4, -4)
        assert all(
            tuple(app.screen.get_at((x, y)))[:3] != marked
            for x in range(inside.left, inside.right, 2)
            for y in range(inside.top, inside.bottom, 2)
        )


def test_each_person_sharing_the_screen_finds_the_focus_on_the_rewards_when_their_pick_comes():
    """Two people and two bots, played by keyboard: as a person's pick of the rewards comes after a bot's, the
    focus goes to the rewards, as for a person alone, whoever had the screen last. It went there only for the
    person last handed the screen for a secret (Cleo): Ada's pick came with the ring where the last key left it."""
    app, driver, table = table_for(["human", "greedy", "human", "greedy"], seed=11)

    def bot_picks() -> bool:
        drafter = table.view.drafter()
        return table.session.phase == "draft" and drafter is not None and not table.session.is_human(drafter)

    until(driver, table, bot_picks)
    assert table.session.shown_to == 2  # (Cleo made the last secret choice)
    driver.key(pygame.K_TAB)  # a keyboard player from here on
    focused_for: dict[int, list[bool]] = {}
    while table.view.phase == "draft" and (drafter := table.view.drafter()) is not None:
        past_the_last_move(driver)
        driver.frames(3)
        if table.session.is_human(drafter) and table.view.drafter() == drafter:
            target = table.focused()
            on_reward = target is not None and target.kind == "reward"
            focused_for.setdefault(drafter, []).append(on_reward)
            if not on_reward:
                break
            driver.key(pygame.K_RETURN)  # the reward the focus rests on is taken
            assert table.view.drafter() != drafter or table.view.tasks
        driver.frames(2)
    assert focused_for.get(0) and all(focused_for[0]), focused_for  # Ada's, though Cleo had the screen last


def test_each_pointed_wands_line_leaves_its_own_mat_not_the_middle_of_a_reward(monkeypatch):
    """Upright with eight seats the rewards lie close to the side mats: a pointed wand lies under them, and its line
    to its target came out of the middle of a reward card (across three of them), from no one to be seen. Each
    line leaves its wand's tip, or the edge of its pointer's mat where the wand lies under a reward, and ends at
    its target's."""
    app, driver, table = table_for(["human"] + ["greedy"] * 7, size=(800, 1280))
    until(driver, table, lambda: table.view.phase == "cast" and table.choice is not None)
    lines: list[tuple[tuple, tuple, tuple]] = []
    draw_line = pygame.draw.line

    def line(surface, colour, start, end, width=1):
        lines.append((tuple(colour), tuple(start), tuple(end)))
        return draw_line(surface, colour, start, end, width)

    monkeypatch.setattr(pygame.draw, "line", line)
    table.draw(app.screen)
    mats, rewards = [seat.rect for seat in table.layout.seats], table.layout.row
    aims = [(seat, target) for seat, target in enumerate(table.view.targets) if target is not None]
    assert len(aims) >= 4
    hidden = 0
    for seat, target in aims:
        colour = theme.house_line(table.view.houses[seat])
        drawn = [
            (start, end) for c, start, end in lines if c == colour and mats[target].inflate(4, 4).collidepoint(end)
        ]
        assert drawn, f"no line from seat {seat} to seat {target}"
        tip = table.look().wands[seat][1]
        starts = [start for start, _end in drawn if mats[seat].inflate(4, 4).collidepoint(start) or start == tip]
        assert starts, f"seat {seat}'s line to {target} begins at {drawn[0][0]}, away from its mat {mats[seat]}"
        assert not any(reward.collidepoint(start) for reward in rewards for start in starts)
        hidden += any(reward.collidepoint(tip) for reward in rewards)
    assert hidden  # (some wands lie under the rewards here)


def test_a_bots_mat_says_how_strong_it_is(monkeypatch):
    """Bots set up Easy and Hard were all "Ravenclaw - Bot" on their mats, which of them played well told only by
    History after the game (as House Cup's panels were, a new player's review): each mat says its bot's level."""
    from tabletop.games.stupefix.cards import house_name
    from tests.drawn_text import drawn_afresh, record_drawn

    app, driver, table = table_for(["human", "easy", "human", "hard"])
    pass_privacy(driver)
    drawn = record_drawn(monkeypatch)
    words = f" {drawn_afresh(driver, drawn)} "
    houses = [house_name(house) for house in table.view.houses]
    assert f" {houses[1]} - Easy bot " in words and f" {houses[3]} - Hard bot " in words
    assert f" {houses[0]} - Player " in words and " Bot " not in words and "- Bot " not in words
    pygame.quit()
