"""House Cup for a newcomer, through posted mouse and finger events on the real table: any number of cards in a
choice can be reached, faces say what the cards do, the zoom goes with its card, every score explains itself,
moves are told one at a time, and the last round can be watched again."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.games import GAMES
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.cards import ALL_CARDS, CARDS
from tabletop.games.house_cup.events import DiscardCard, PlaceToken, TakeCard
from tabletop.paths import asset_dir
from tabletop.play.replay import Watching
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.tables.house_cup.cards import FULL_TEXT, brief, face_words
from tabletop.ui.tables.house_cup.overlays import CardListOverlay
from tabletop.ui.tables.house_cup.scores import key as score_key
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tabletop.ui.theme import px
from tests.drawn_text import drawn_afresh, record_drawn
from tests.house_cup_positions import position, taking
from tests.ui_driver import Driver, at_table

GAME = GAMES["house-cup"]
HOUSES = ["Gryffindor", "Slytherin"]


def open_match(match: Match, size=(1280, 720), animation="Off") -> tuple[App, Driver, HouseCupTable]:
    app = App(size, settings=Settings(volume=0.0, animation=animation, bot_speed="Instant"))
    driver, table = at_table(app, match)
    assert isinstance(table, HouseCupTable)
    return app, driver, table


def trouble_with(count: int, size=(1280, 720)) -> tuple[App, Driver, HouseCupTable, list[str]]:
    """Gryffindor holds ``count`` cards and is to take a Trouble card: discard one of your other cards."""
    trouble = "trouble-2"
    mine = [c for c in ALL_CARDS if CARDS[c].kind not in ("trouble", "letter", "cauldron", "help_search")][:count]
    state = taking(position(HOUSES, tableau=[mine, []], days={1: [trouble]}), 1, [(0, 1)])
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 3, to_json(state)), size)
    driver.perform(table.gesture_for(TakeCard(0, trouble)))
    driver.frames(3)
    assert table.panel is not None and table.panel.title == "Trouble!"
    return app, driver, table, mine


def rest_mouse(driver: Driver, pos: tuple[int, int], frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    driver.frames(frames)


@pytest.mark.parametrize("count", [16, 20, 24])
def test_every_card_of_a_long_discard_row_is_in_the_window_and_can_be_chosen(count):
    app, driver, table, mine = trouble_with(count)
    panel = table.panel
    assert panel is not None and sorted(panel.card_rects) == sorted(mine)
    window = app.screen.get_rect()
    rects = list(panel.card_rects.values())
    keep = [panel.words_rect(), *(button.rect for button in panel.buttons())]
    for index, rect in enumerate(rects):
        assert window.contains(rect) and panel.rect.contains(rect)
        assert rect.collidelist(keep) == -1, "a card lies under the panel's words or a button"
        assert rect.collidelist(rects[index + 1 :]) == -1, "two cards overlap"
    assert min(rect.width for rect in rects) >= 80  # big enough to tell apart (and each one zooms)
    chosen = mine if count == 20 else [mine[0], mine[-1]]  # 20: every one of them is tapped
    for card in chosen:
        driver.tap(panel.card_rects[card].center)
        assert panel.selected_card == card
    table.hover_zoom = 0.0
    for card in chosen:  # each one read large, never over the panel's words or its buttons
        rest_mouse(driver, panel.card_rects[card].center)
        zoom = table.zoom_painter.rect
        assert table.zoomed() == card and zoom is not None and zoom.width >= 200
        assert zoom.collidelist([*keep, table.layout.banner]) == -1 and window.contains(zoom)
    driver.tap(panel.confirm.rect.center)
    driver.frames(3)
    assert table.session.match.log[-1] == DiscardCard(0, mine[-1])


def test_a_zoom_goes_the_moment_its_card_is_taken():
    state = taking(position(HOUSES, days={2: ["potions-3", "charms-1", "quidditch-2"]}), 2, [(0, 1)])
    state.round = 1  # (not the last round: the game goes on)
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 3, to_json(state)))
    rect = table.hits.rect_of("card", "charms-1")
    spot = (rect.centerx, rect.top + 8)
    rest_mouse(driver, spot, frames=40)  # the mouse rests on it: it is enlarged
    assert table.zoomed() == "charms-1" and table.zoom_painter.rect is not None
    driver.tap(spot)  # and taken
    assert "charms-1" in table.view.tableau[0]
    for _ in range(40):  # the pointer does not move: the zoom is gone and does not come back
        assert table.zoomed() is None
        driver.frames(1)


def test_a_tap_on_a_card_whose_move_is_still_being_told_shows_the_table_as_it_lies():
    """Divination taken with a card still to take: it stays drawn until its beat (back into the deck), then over
    the day's other card, now among the taker's cards; a tap on it was refused ("Take the cards of Thursday: they
    are lit up") though it lay lit on Thursday. The tap now shows the table as it lies (the card goes), and the
    next one takes a card."""
    state = taking(position(HOUSES, days={3: ["quidditch-2", "divination-2"]}, deck_top=["herbology-1"]), 3, [(0, 2)])
    state.round = 1
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    match = Match(GAME, seats, {"houses": HOUSES, "first": 0}, 3, to_json(state))
    app, driver, table = open_match(match, size=(1200, 1920), animation="Normal")
    fingers = Driver(app, fingers=True)
    spot = table.hits.rect_of("card", "divination-2").center
    fingers.tap(spot)
    driver.frames(30)  # (its take's beat: it lies among the taker's cards till its shuffle's)
    assert "divination-2" not in table.view.days[3] and table.can_take()  # back in the deck, one card to take
    held = table.hits.rect_of("card", "divination-2")
    assert "divination-2" in table.pacer.waiting(app.now) and held is not None
    assert table.layout.my_cards.contains(held) and table.card_at(held.center) == "divination-2"
    fingers.tap(held.center)
    assert not table.message_error, table.message
    assert not table.pacer.waiting(app.now) and not table.busy()
    driver.frames(1)
    assert table.card_at(held.center) != "divination-2"  # gone from the taker's cards
    fingers.tap(table.hits.rect_of("card", "quidditch-2").center)
    driver.frames(2)
    assert "quidditch-2" in table.view.tableau[0]


@pytest.mark.every_frame
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_face_names_its_card_whole_and_its_deck_count_beside_its_category(monkeypatch, language):
    """A long name ("School Uniform (Hufflepuff)", the one word a uniform's face has to tell its house) was cut
    with "..." at 9 px, on the table and in the enlarged card alike; it now goes on two lines. In French
    "IMMÉDIATEMENT" and "8 dans la pioche" lay over each other; the count is now smaller where both do not fit."""
    from tabletop import i18n
    from tabletop.ui.tables.house_cup import cards as faces

    App((1280, 800), settings=Settings(volume=0.0, language=language))
    i18n.set_language(language)
    drawn = record_drawn(monkeypatch)
    besides: list[tuple[int, int, int]] = []  # label, count, room
    beside = faces._beside

    def measured(label, said, room, size):
        label, count = beside(label, said, room, size)
        besides.append((label.get_width(), count.get_width(), room))
        return label, count

    monkeypatch.setattr(faces, "_beside", measured)
    for width in (120, 150, 180, 300):  # (the table's cards from 1280x800 up, and the enlarged one)
        for card in ALL_CARDS:
            drawn.clear()
            sprite_cache.reset_all()
            faces.card_face(card, width)
            title = CARDS[card].title
            assert not any("..." in text for text in drawn), (card, width, drawn)
            assert title in drawn or " ".join(t for t in drawn if t in title) == title, (card, width, drawn)
    assert besides and all(label + 4 + count <= room for label, count, room in besides)
    i18n.set_language("en")
    pygame.quit()


def test_small_faces_say_what_each_card_does_in_words_that_fit():
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 11), size=(1280, 800))
    widths = {table.layout.card_w, table.layout.mini_w, min(table.layout.mini_w, px(96))}
    assert all(width < FULL_TEXT for width in widths)  # at 1280x800 the faces are small
    for width in widths:
        for card in ALL_CARDS:
            _font, lines, _body = face_words(card, width)
            assert " ".join(lines) == brief(card), f"{card} at {width}: {lines}"
    assert "x4" not in brief("help_nargles-1") and "four symbols" in brief("help_nargles-1")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_discard_piles_small_face_says_its_words_whole_and_cuts_a_name_with_dots(monkeypatch, language):
    """The discard pile's face at 1024x640 cut its few words after three lines, "À la fin : vous pouvez garder 1
    des 5 cartes du" in French (Trouble's and the Letter's in English too), and named Help Searching for Points
    "Aide à", a name cut mid-phrase that read as whole. Its picture is smaller where the words need the room; a
    name too long for the band is its first words and "...", or its first word."""
    from tabletop import i18n
    from tabletop.ui.tables.house_cup import cards as faces
    from tabletop.ui.tables.house_cup.layout import compute

    theme.Scale.update((1024, 640))
    i18n.set_language(language)
    drawn = record_drawn(monkeypatch)
    try:
        width = compute((1024, 640), 0, 4).discard.width
        assert width < FULL_TEXT
        cut = {card: lines for card in ALL_CARDS if " ".join(lines := face_words(card, width)[1]) != brief(card)}
        assert cut == {}
        drawn.clear()
        sprite_cache.reset_all()
        faces.card_face("help_search-1", width)
        title = CARDS["help_search-1"].title
        named = [text for text in drawn if title.startswith(text.removesuffix("..."))]
        shown = named[-1]  # (the last one rendered: the longer ones were tried first)
        assert shown == title or shown.endswith("...") or " " not in shown, named
    finally:
        i18n.set_language("en")
        theme.Scale.update(theme.BASE_SIZE)


def test_divinations_small_face_says_it_goes_back_into_the_deck():
    """A small Divination face said only "Take the top card of the deck", which a first-time player reads as
    keeping the Divination too (a first game at 1280x800). The rule shuffles it back in (rulebook: "take the top
    card of the deck, and shuffle this card back into the deck"); its few words say so, and fit (the test above)."""
    words = brief("divination-1")
    assert words.startswith("Take the top card of the deck") and "shuffle this one back" in words
    # (and the Letter's card goes to an opponent: "give a card away" left out to whom, the House Cup rules audit)
    assert "to an opponent" in brief("letter-1")


def test_tapping_or_resting_on_a_score_shows_how_it_is_made():
    state = position(HOUSES, tableau=[["potions-1", "potions-2", "quidditch-1"], ["herbology-1", "uniform-4"]])
    state.rewards = [2, 1]
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 3, to_json(state)))
    theirs = table.hits.rect_of("score", score_key(1))
    driver.tap(theirs.center)
    assert table.zoomed() == score_key(1)
    sheet = table.zoom_painter.rect
    assert sheet is not None and not sheet.colliderect(table.layout.banner)
    score = table.breakdowns[1]
    assert score.total == table.scores[1] == sum(points for _, _, points in score.lines)
    assert {category for category, _, _ in score.lines} == {"Sets", "Uniforms", "Rewards"}
    driver.tap(table.layout.side.center)  # a touch anywhere else puts it away
    assert table.zoomed() is None
    rest_mouse(driver, table.hits.rect_of("score", score_key(0)).center, frames=40)
    assert table.zoomed() == score_key(0)


def test_the_discard_pile_list_zooms_its_cards():
    state = position(HOUSES, empty_deck=True)
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 3, to_json(state)))
    driver.tap(table.layout.discard.center)
    overlay = app.scenes.top
    assert isinstance(overlay, CardListOverlay)
    card, rect = next(iter(overlay.card_rects.items()))
    rest_mouse(driver, rect.center, frames=40)
    assert overlay.zoom.rect is not None and overlay.zoom.zoomed(app.now, overlay.spot) == card
    assert not overlay.zoom.rect.colliderect(overlay.close.rect)


def test_a_tap_beside_the_discard_pile_list_or_the_log_closes_it_and_one_inside_does_not():
    """A box only there to be read closed only by its Close button (a review by touch): a tap on the dimmed table
    around it closes it too; a tap inside, on its title, keeps it."""
    state = position(HOUSES, empty_deck=True)
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 3, to_json(state)))
    for open_box in (lambda: driver.tap(table.layout.discard.center), lambda: app.go.log(table.session, 0)):
        open_box()
        driver.frames(25)  # (a press beside it sooner is the second of a double tap on what opened it)
        box = app.scenes.top
        assert box is not table
        driver.tap((box.rect.centerx, box.rect.top + 10))
        assert app.scenes.top is box
        driver.tap((box.rect.left // 2, box.rect.centery))
        assert app.scenes.top is table


def place_all(driver: Driver, table: HouseCupTable) -> list:
    """Gryffindor places its three tokens under Monday by dragging them, the bot its own, until the reveal."""
    session = table.session
    for value in (1, 2, 3):
        for _ in range(600):
            if table.my_turn() and table.view.phase == "place" and not table.busy():
                break
            driver.frames(1)
        driver.perform(table.gesture_for(PlaceToken(0, 0, value)))
    for _ in range(600):
        if any(isinstance(e, ev.TokensRevealed) and e.tokens for e in session.match.history[-1]):
            return session.match.history[-1]
        driver.frames(1)
    raise AssertionError("no day was revealed")


def test_tokens_turn_over_one_at_a_time_with_a_caption_and_the_bot_waits():
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 11), animation="Normal")
    batch = place_all(driver, table)
    reveal = next(e for e in batch if isinstance(e, ev.TokensRevealed) and e.tokens)
    line = GAME.describe(reveal, table.session.names())
    assert len(reveal.tokens) >= 3
    moves = len(table.session.match.log)
    captions, one_at_a_time = [], 0
    while table.pacer.busy(app.now):
        captions.append(table.prompt()[0])
        flips = [table.flips.get((reveal.day, position)) for position in range(len(reveal.tokens))]
        if captions[-1] == line and flips[0] is not None and 0 <= flips[0] < 0.2:  # the first one is turning
            assert all(flip is not None and flip < 0 for flip in flips[1:])  # the others wait their turn
            one_at_a_time += 1
        assert len(table.session.match.log) == moves  # nobody plays on while it is being shown
        driver.frames(2)
    assert line in captions and one_at_a_time  # the banner said what was happening
    assert captions.index(line) < len(captions) - 40  # for a good while (2 frames a step: over 1.3 s)
    for _ in range(300):  # then the game goes on (the bot, or the person, takes)
        if len(table.session.match.log) > moves or table.my_turn():
            break
        driver.frames(1)
    assert len(table.session.match.log) > moves or table.my_turn()


def test_with_animations_off_everything_shows_at_once():
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 11))
    place_all(driver, table)
    assert not table.pacer.busy(app.now) and not table.flips and table.pacer.caption(app.now) is None


def test_the_last_round_can_be_watched_again_and_closed_back_to_the_game():
    app = App((1280, 720), settings=Settings(volume=0.0, animation="Off", bot_speed="Quick"))
    driver = Driver(app)
    assert app.go.open_save(asset_dir("saves") / "house-cup-4p-midround.json") is None
    table = app.scenes.stack[0]
    assert isinstance(table, HouseCupTable)
    for _ in range(900):
        if isinstance(app.scenes.top, PrivacyOverlay):
            driver.frames(25)
            driver.tap((640, 360))
        elif app.scenes.top is table and table.my_turn():
            break
        driver.frames(1)
    live = list(table.session.match.log)
    assert table.view.round == 2 and table.again.visible
    driver.tap(table.again.rect.center)
    again = app.scenes.top
    assert isinstance(again, HouseCupTable) and isinstance(again.session, Watching)
    bar = again.replay_bar
    assert bar is not None and bar.playing
    assert again.view.seat == table.view.seat  # the same person's view, no privacy screen
    # Only that one: the other person's view showed their tokens of the round in play, placed face down, to
    # whoever held the screen (the seat picker offered both people, behind a cover nobody was there to pass).
    other = next(seat for seat in table.session.humans() if seat != table.view.seat)
    assert bar.seats == [table.view.seat] and len(bar.seat_choice.options) == 1
    with pytest.raises(ValueError):
        again.session.watch(other)
    assert bar.replay.mark_at(again.session.step).label.words() == "Round 1 of 4"  # round 2 has no reveal yet
    start = again.session.step
    for _ in range(300):
        if again.session.step > start + 1:
            break
        driver.frames(1)
    assert again.session.step > start + 1  # it plays by itself
    driver.tap(bar.close_button.rect.center)
    assert app.scenes.top is table and table.session.match.log == live


def test_before_any_reveal_there_is_no_round_to_watch_again_and_the_button_says_so():
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 11))
    assert table.again.visible and not table.again.enabled
    driver.tap(table.again.rect.center)
    assert app.scenes.top is table and "nothing to watch again" in table.message


@pytest.mark.parametrize("size", [(1080, 1920), (1024, 1280)])
def test_a_tall_window_has_the_others_across_the_top_and_the_timetable_the_whole_width(size):
    """A touchscreen stood on its side: laid out as in a wide window, the others' boxes kept a column down the left
    and the timetable a narrow middle (62% of 1080 px)."""
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    seats = [SeatInfo(house, "human" if seat == 0 else "greedy") for seat, house in enumerate(houses)]
    app, driver, table = open_match(Match(GAME, seats, {"houses": houses, "first": 0}, 3), size)
    layout, window = table.layout, pygame.Rect((0, 0), size)
    others = [layout.opponents[seat] for seat in (1, 2, 3)]
    assert all(window.contains(rect) for rect in [*others, layout.side, layout.me, *layout.columns, *layout.buttons])
    assert all(rect.bottom < layout.banner.top for rect in others)  # side by side above the timetable
    assert not any(a.colliderect(b) for n, a in enumerate(others) for b in others[n + 1 :])
    timetable = layout.columns[0].unionall(layout.columns[1:])
    assert timetable.left < px(20) and timetable.width >= 0.7 * size[0]
    assert not timetable.colliderect(layout.side) and not timetable.colliderect(layout.me)
    driver.perform(table.gesture_for(PlaceToken(0, 2, 1)))  # a token dragged under Wednesday
    assert table.session.match.log[0] == PlaceToken(0, 2, 1)
    pygame.quit()


@pytest.mark.parametrize(("size", "apart"), [((1080, 1920), True), ((1280, 800), False)])
def test_in_a_tall_window_a_days_cards_lie_whole_down_its_column(size, apart):
    """The tall timetable's columns are twice as high as a wide window's: a day's cards stood stacked at the top,
    each showing only its name, over 1,100 px of empty column. There they now lie whole, one under another; a
    wide window keeps them stacked."""
    three = [card for card in ALL_CARDS if CARDS[card].kind == "potions"][:3]
    state = position(HOUSES, days={2: three})
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 3, to_json(state)), size)
    rects = [table.stage.rect_of(("card", card)) for card in three]  # where each is drawn (whole or not)
    assert len(rects) == 3 and all(rect is not None and table.layout.card_areas[2].contains(rect) for rect in rects)
    overlapping = any(a.colliderect(b) for n, a in enumerate(rects) for b in rects[n + 1 :])
    assert overlapping is not apart
    if apart:  # the newest just above its day's name (they lay at the column's top, 600 px above it upright)
        assert 0 <= table.layout.headers[2].top - rects[-1].bottom <= px(12)
    pygame.quit()


@pytest.mark.every_frame  # (every frame of the turning over is watched)
def test_tokens_turning_over_never_grow_wider_than_themselves(monkeypatch):
    """A person's own token waiting its turn to turn over (its delay still below zero) was squeezed by a factor
    over 1: a red oval six tokens wide across two days. A token turning over only ever narrows."""
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": HOUSES, "first": 0}, 11), animation="Normal")
    stretched: list[tuple[int, int]] = []
    scale = pygame.transform.scale

    def recording(image, size, *args, **kwargs):
        if size[1] == image.get_height() and size[0] > image.get_width():  # wider at the same height
            stretched.append((image.get_width(), size[0]))
        return scale(image, size, *args, **kwargs)

    batch = place_all(driver, table)
    reveal = next(e for e in batch if isinstance(e, ev.TokensRevealed) and e.tokens)
    monkeypatch.setattr(pygame.transform, "scale", recording)
    waited = 0
    while table.pacer.busy(app.now):
        flips = [table.flips.get((reveal.day, position)) for position in range(len(reveal.tokens))]
        waited += any(flip is not None and flip < 0 for flip in flips)
        driver.frames(2)
    assert waited  # tokens did wait their turn, own ones among them
    assert stretched == []


@pytest.mark.parametrize(
    ("houses", "potions", "castle"), [(HOUSES, 6, 1), (["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"], 13, 2)]
)
def test_a_large_card_face_counts_the_cards_of_its_kind_this_game_plays_with(monkeypatch, houses, potions, castle):
    """2-3 player games leave 7 Potions and one of each castle card in the box: a Potions card enlarged said
    "13 in the deck" where 6 were in play. A castle card counts the copies of its own room (a set needs all
    three: "The Moving Staircases: 6 in the game" counted the castle cards of every room)."""
    seats = [SeatInfo(house, "human") for house in houses]
    app, driver, table = open_match(Match(GAME, seats, {"houses": houses, "first": 0}, 3))
    drawn = record_drawn(monkeypatch)
    theme.reset_caches()
    sprite_cache.reset_all()
    table.zoom_face("potions-1", 320)
    table.zoom_face("castle-1", 320)
    # ("in the game": "in the deck", beside the pile's "Deck 55", read as the cards left there)
    assert f"{potions} in the game" in drawn and f"{castle} in the game" in drawn
    pygame.quit()


def test_a_players_chips_say_whose_forward_and_uniform_cards_they_are(monkeypatch):
    """A player's kept cards show as chips: "Forward 2" and "Uniform" hid which houses they name, public facts
    the Quidditch and uniform scores turn on. Each now gives the houses' letters, as the tokens do; and "Castle 2"
    which castles they are (A, B or C: a set scores, so whether to deny the third turns on it)."""
    kept = ["forward-2", "forward-3", "uniform-1", "castle-1", "castle-6"]
    state = position(tableau=[[], kept, [], []])
    seats = [SeatInfo(house, "human" if seat == 0 else "greedy") for seat, house in enumerate(state.houses)]
    app, driver, table = open_match(Match(GAME, seats, GAME.default_options(4), 1, start=to_json(state)))
    drawn = record_drawn(monkeypatch)
    words = drawn_afresh(driver, drawn)
    assert "Forward S R" in words and "Uniform G" in words and "Castle: Staircases, Room" in words
    pygame.quit()


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_a_large_immediate_cards_rule_does_not_repeat_its_label(language):
    """An IMMEDIATELY card's face printed "IMMEDIATELY" over its rule, and the rule began "IMMEDIATELY: ..."
    again. The rule on the face now starts after it."""
    from tabletop.i18n import set_language

    pygame.init()
    theme.reset_caches()  # (fonts made before an earlier test's pygame.quit are dead)
    set_language(language)
    try:
        for card in ("trouble-1", "hagrid-1", "letter-1"):
            _font, lines, _body = face_words(card, FULL_TEXT + 100)
            label = GAME.gettext("IMMEDIATELY")
            assert lines and not lines[0].startswith(label) and lines[0][:1].isupper(), lines
    finally:
        set_language("en")


@pytest.mark.parametrize(
    "language,mine,theirs", [("fr", "-3 points pour l'instant", "-5 pts"), ("ru", "-3 очка сейчас", "-5 очков")]
)
def test_a_negative_score_takes_the_plural_of_its_size(monkeypatch, language, mine, theirs):
    """The score words took their plural from the signed number: French "-11 point maintenant", Russian "-3 очков"
    (a player's review): a score of -3 or -5 reads as 3 or 5 points do."""
    from tabletop.i18n import set_language

    # (-5 for a Trouble, +2 for History's two cards: -3, whose Russian form differs from 3's under a signed count)
    state = position(houses=["Gryffindor", "Slytherin"], tableau=[["trouble-2", "history-1"], ["trouble-3"]])
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app = App((1280, 720), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language))
    app.go.table(Match(GAME, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 3, start=to_json(state)))
    driver = Driver(app)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, HouseCupTable) and table.scores == [-3, -5]
    drawn = record_drawn(monkeypatch)
    said = drawn_afresh(driver, drawn)
    assert mine in said and theirs in said
    set_language("en")


def test_a_choice_in_the_panel_says_whose_it_is():
    """At the end nothing is secret and the screen goes from one person to the next unannounced: Ravenclaw kept
    a searched card and Slytherin's Flywheel choice came up under "Make your choice in the panel." with nobody
    named (a player's review, four people). The banner names whose choice it is."""
    app, driver, table, mine = trouble_with(2)
    assert table.prompt()[0] == "Gryffindor: make your choice in the panel."


def test_the_pixies_trouble_lies_apart_from_the_others():
    """A Trouble and the Pixie's Trouble lay in one stack, "x2" under the Pixie's face that says it costs
    nothing at the end, though the other costs 5 (a player's review): the Pixie's lies in a stack of its own."""
    from tabletop.ui.tables.house_cup.cards import groups

    assert groups(("trouble-2", "potions-1", "trouble-1", "trouble-3")) == [
        ["potions-1"],
        ["trouble-2", "trouble-3"],
        ["trouble-1"],
    ]
    assert brief("trouble-2").startswith("Discard one of your other cards")  # (the Trouble itself is not one)


@pytest.mark.every_frame
def test_the_more_mark_of_a_full_row_of_chips_lies_clear_of_the_chips():
    """An opponent's chips that do not all fit end with "..."; it lay over the last chip's end, cutting its name
    ("П. первокурсникам", a players' review): it now follows the chips it leaves room for."""
    from tabletop.ui.tables.house_cup import painter

    App((1280, 800), settings=Settings(volume=0.0))  # (a running app: its fonts)

    class Recording(pygame.Surface):
        def __init__(self, size):
            super().__init__(size, pygame.SRCALPHA)
            self.chips: list[pygame.Rect] = []

        def blit(self, source, dest, *args, **kwargs):
            rect = super().blit(source, dest, *args, **kwargs)
            self.chips.append(rect)
            return rect

    pills: list[pygame.Rect] = []
    pill = theme.pill
    cards = tuple(card for card in ALL_CARDS if CARDS[card].kind.startswith("help_"))[:6] + ("potions-1", "herbology-1")
    for width in (150, 190, 230):
        surface = Recording((400, 200))
        pills.clear()
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(theme, "pill", lambda *args, **kwargs: pills.append(pill(*args, **kwargs)) or pills[-1])
            painter._chips(surface, cards, pygame.Rect(0, 0, width, 48))
        chips = [rect for rect in surface.chips if rect.height == px(22)]
        assert len(pills) == 1 and chips, width  # (they do not all fit)
        assert pills[0].collidelist(chips) < 0 and pills[0].right <= width + 2, (width, pills[0], chips)


def test_ones_own_forwards_and_uniforms_lie_a_stack_a_house_and_only_alike_cards_say_how_many(monkeypatch):
    """Three House Forward! cards lay in one stack, "x3" under the face of "15 if Ravenclaw leads at Quidditch",
    and a Gryffindor Uniform over a Hufflepuff one said "x2" under "+10 if your house" (a player's review,
    upright): each house's Forward or Uniform now lies in a stack of its own, and a stack says how many only when
    its cards are alike (two Quidditch), not for two different Castle cards."""
    mine = ["forward-2", "forward-3", "uniform-1", "uniform-2", "quidditch-1", "quidditch-2", "castle-1", "castle-6"]
    state = position(tableau=[mine, [], [], []])
    seats = [SeatInfo(house, "human" if seat == 0 else "greedy") for seat, house in enumerate(state.houses)]
    app, driver, table = open_match(Match(GAME, seats, GAME.default_options(4), 1, start=to_json(state)), (800, 1280))
    pills: list[str] = []
    pill = theme.pill

    def recording(surface, message, *args, **kwargs):
        pills.append(message)
        return pill(surface, message, *args, **kwargs)

    monkeypatch.setattr(theme, "pill", recording)
    driver.frames(1)
    assert [said for said in pills if said in ("x2", "x3", "x4")] == ["x2"]  # the Quidditch stack's alone
    lefts = {placed.item: placed.rect.left for placed in table.hits.of_kind("card")}
    assert lefts["forward-2"] != lefts["forward-3"] and lefts["uniform-1"] != lefts["uniform-2"]
    assert lefts["quidditch-1"] == lefts["quidditch-2"] and lefts["castle-1"] == lefts["castle-6"]
    pygame.quit()


def test_an_opponents_panel_says_how_strong_its_bot_is(monkeypatch):
    """Two bots set up Easy and Hard both said "Bot" under their names at the table; which one played well was told
    only by History after the game (a new player's review): each panel says its bot's level, as History does."""
    houses = ["Gryffindor", "Slytherin", "Hufflepuff"]
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "easy"), SeatInfo("Lucy", "hard")]
    app, driver, table = open_match(Match(GAME, seats, {"houses": houses, "first": 0}, 1), (800, 1280))
    drawn = record_drawn(monkeypatch)
    words = drawn_afresh(driver, drawn)
    assert "Easy bot" in words and "Hufflepuff - Hard bot" in words and " Bot " not in f" {words} "
    pygame.quit()


@pytest.mark.parametrize(("size", "large_text"), [((800, 1280), False), ((1280, 800), True)])
def test_the_sorting_hat_on_an_opponents_panel_keeps_clear_of_the_count_of_cards_under_it(
    monkeypatch, size, large_text
):
    """On the first player's panel the Sorting Hat's brim touched or ran over the top of "0 cards" under it by a
    few pixels, upright and at 1280x800 (a new player's review): each is drawn whole, a gap between them."""
    from tabletop.ui.tables.house_cup import painter

    pictures: dict[int, str] = {}
    fitted, written = painter.fit, theme.text

    def fit(name, *args, **kwargs):
        picture = fitted(name, *args, **kwargs)
        pictures[id(picture)] = name
        return picture

    def text(message, *args, **kwargs):
        label = written(message, *args, **kwargs)
        pictures[id(label)] = message
        return label

    class Blits(pygame.Surface):
        drawn: list[tuple[str, pygame.Rect]] = []

        def blit(self, source, dest, *args, **kwargs):  # type: ignore[no-untyped-def, override]
            at = source.get_bounding_rect().move(dest[0], dest[1])  # (what shows of it)
            self.drawn.append((pictures.get(id(source), ""), at))
            return super().blit(source, dest, *args, **kwargs)

    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", large_text=large_text)
    app = App(size, settings=settings)
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "easy")]
    driver, table = at_table(app, Match(GAME, seats, {"houses": HOUSES, "first": 1}, 1))
    assert isinstance(table, HouseCupTable) and table.view.first == 1
    monkeypatch.setattr(painter, "fit", fit)
    monkeypatch.setattr(theme, "text", text)
    theme.reset_caches()
    screen = Blits(app.screen.get_size())
    table.draw(screen)
    panel = table.layout.opponents[1]
    hats = [rect for name, rect in Blits.drawn if name == "hat" and panel.contains(rect)]
    counts = [rect for name, rect in Blits.drawn if name.endswith(" cards") and panel.contains(rect)]
    pygame.quit()
    assert len(hats) == 1 and len(counts) == 1, (hats, counts)
    assert hats[0].bottom + 2 <= counts[0].top, (hats[0], counts[0])
