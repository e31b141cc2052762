"""House Cup's table draws only its catalogue's words: the app runs in a pseudo-language ("[" + msgid + "]") for the
shell's catalogue and House Cup's, the setup is opened, a whole game is played at the table through posted events
(the person's moves; bots for the others), and every string handed to the text renderer on the way must be made of
bracketed messages and data: the setup, each phase's banner and panel, the score and card zooms, the players' and
discard overlays, the guided game's steps and the results. Then real French and Russian words by value, a Russian
plural at 1, 2, 5 and 21, and reduced motion: nothing moves, each caption still stays its time.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from tabletop.core.match import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.cards import CARDS
from tabletop.games.house_cup.events import PlaceToken
from tabletop.ui import theme, widgets
from tabletop.ui.app import App
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.settings import Settings
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.tables.house_cup import painter
from tabletop.ui.tables.house_cup.overlays import CardListOverlay
from tabletop.ui.tables.house_cup.setup import SetupScene
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tabletop.ui.tables.house_cup.tokens import choice_token
from tests import pseudo_language
from tests.drawn_text import drawn_afresh, record_drawn, squeezes_inside, strips_beside
from tests.pseudo_language import Shown, record_shown
from tests.ui_driver import Driver

pytestmark = pytest.mark.every_frame  # (what the frames draw is watched: every one is drawn)

PSEUDO = "xx"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def shown(monkeypatch, tmp_path) -> Shown:
    """The recorder; the card faces cut their rules into lines with a wrap of their own (in the face's font),
    recorded as theme.wrap is: a line passes when the message it was cut from does."""
    record = record_shown(monkeypatch, tmp_path, PSEUDO, ("tabletop", "house_cup"))
    wrap = theme.wrap_in_font  # (what the faces call; theme.wrap calls it too: recorded twice, the same lines)

    def recording_wrap(message: str, *args, **kwargs) -> list[str]:
        lines = wrap(message, *args, **kwargs)
        record.wrapped(message, lines)
        return lines

    monkeypatch.setattr(theme, "wrap_in_font", recording_wrap)
    return record


def check(shown: Shown, screen: str, draw: Callable[[], None]) -> None:
    """pseudo_language.check, saying which strings escaped."""
    escaped: list[str] = []

    def drawing() -> None:
        draw()
        escaped.extend(shown.escaped())

    pseudo_language.check(shown, screen, drawing)
    assert escaped == [], screen


def new_app(language: str, **settings) -> tuple[App, Driver]:
    defaults = {"volume": 0.0, "animation": "Off", "bot_speed": "Instant", "language": language}
    app = App((1280, 720), settings=Settings(**{**defaults, **settings}))
    driver = Driver(app)
    driver.frames(2)
    return app, driver


def situation(table: HouseCupTable) -> tuple:
    """What kind of screen the table shows now (each kind is checked once)."""
    view = table.view
    task = view.tasks[-1].kind if view.tasks and table.panel is not None else None
    prompt = table.prompt()[0].split("]")[0]  # the banner's message, without what fills it
    return view.phase, task, table.my_turn(), prompt


def test_a_whole_house_cup_game_draws_only_catalogue_strings(shown):
    app, driver = new_app(PSEUDO)
    driver.tap(app.scenes.top.buttons[1].rect.center)  # New game
    assert isinstance(app.scenes.top, NewGameScene)
    driver.tap(app.scenes.top.buttons[0].rect.center)  # House Cup
    if app.scenes.top.name == "dialog":
        driver.tap(app.scenes.top.buttons[1].rect.center)  # No thanks to the guided game
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    assert setup.rows[0].house.value == "[Gryffindor]" and setup.rows[0].house_key == "Gryffindor"
    check(shown, "setup", lambda: driver.frames(1))
    shown.lines.update(card.title for card in CARDS.values())  # a title cut to fit a small face ends in "..."
    while len(setup.rows) > 2:  # two players: the shortest game
        driver.tap(setup.players_choice.arrows()[0].center)
    driver.tap(setup.seed_field.rect.center)
    for _ in range(8):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text("4242")  # (the same deal every run)
    driver.key(pygame.K_RETURN)
    driver.tap(setup.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, HouseCupTable)
    assert table.session.match.options["houses"] == ["Gryffindor", "Slytherin"]  # kept by their English keys
    driver.frames(3)

    seen: set[tuple] = set()
    extras_done = False
    for _ in range(6000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            break
        if top is table and situation(table) not in seen:
            seen.add(situation(table))
            check(shown, f"table {situation(table)}", lambda: driver.frames(1))
        if top is table and table.view.tableau[0] and table.view.tableau[1] and not extras_done:
            extras_done = True
            look_around(shown, driver, table)
        if top is table and table.my_turn() and not table.busy():
            command = table.view.legal[0]
            driver.perform(table.gesture_for(command))
        driver.frames(2)
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    assert extras_done and any(phase == "take" for phase, *_ in seen) and any(mine for _, _, mine, _ in seen)
    check(shown, "results", lambda: driver.frames(1))
    pygame.quit()


def look_around(shown: Shown, driver: Driver, table: HouseCupTable) -> None:
    """The score's breakdown and a card enlarged, a player's cards and the discard pile, each checked."""
    app = driver.app
    badge = table.hits.rect_of("score", f"score:{table.view.seat}")
    assert badge is not None
    driver.tap(badge.center)
    assert table.long_press_card == f"score:{table.view.seat}"
    check(shown, "score zoom", lambda: driver.frames(1))
    card = table.view.tableau[0][0]
    rect = table.hits.rect_of("card", card)
    assert rect is not None
    table.show_zoom(card, rect.center)
    check(shown, "card zoom", lambda: driver.frames(1))
    driver.tap(table.layout.banner.center)  # lets the enlarged card go
    driver.tap(table.layout.opponents[1].center)
    assert isinstance(app.scenes.top, CardListOverlay)
    check(shown, "a player's cards", lambda: driver.frames(1))
    driver.tap(app.scenes.top.close.rect.center)
    driver.tap(table.layout.discard.center)
    assert isinstance(app.scenes.top, CardListOverlay)
    check(shown, "discard pile", lambda: driver.frames(1))
    driver.tap(app.scenes.top.close.rect.center)
    assert app.scenes.top is table


def test_the_guided_game_steps_come_from_the_catalogue(shown):
    """The steps' words are House Cup's (message ids the kit's coach shows through its catalogue), the bubble's
    own the shell's."""
    app, driver = new_app(PSEUDO)
    shown.lines.update(card.title for card in CARDS.values())  # a title cut to fit a small face ends in "..."
    app.go.rules("house-cup")
    driver.frames(2)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    driver.tap(rules.guided.rect.center)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable) and table.coach is not None
    coach = table.coach
    assert table.session.names() == ["[Gryffindor]", "[Slytherin]"]
    check(shown, "how to win", lambda: driver.frames(1))
    driver.tap(coach.play.rect.center)
    told = []
    for _ in range(400):
        step = coach.step
        if step is not None and coach.bubble is not None and step.text not in told:
            told.append(step.text)
            check(shown, f"guide step {len(told)}", lambda: driver.frames(1))
            if coach.got_it in coach.buttons():
                driver.tap(coach.got_it.rect.center)
                continue
        if table.my_turn() and not table.busy():
            driver.perform(table.gesture_for(table.view.legal[0]))
        driver.frames(2)
        if len(told) >= 6:
            break
    assert len(told) >= 6, told
    pygame.quit()


def two_player_match(seed: int = 5) -> Match:
    game = GAMES["house-cup"]
    seats = [SeatInfo("Ada", "human"), SeatInfo("Ben", "medium")]
    return Match(game, seats, {"houses": ["Gryffindor", "Ravenclaw"], "first": 0}, seed)


def rendered_at(app: App, driver: Driver, shown: Shown) -> list[str]:
    """Every string drawn on the next frame (none taken from a cache)."""
    theme.reset_caches()
    sprite_cache.reset_all()
    shown.rendered.clear()
    driver.frames(1)
    return list(shown.rendered)


def test_a_french_and_a_russian_table_say_their_prompts(shown):
    app, driver = new_app("fr")
    app.go.table(two_player_match())
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable) and table.my_turn()
    words = rendered_at(app, driver, shown)
    assert "Ada : posez un de vos jetons sous un jour (le premier des trois)." in words
    assert "Vos jetons" in words and "Manche 1 sur 4" in words and any(w.startswith("Pioche ") for w in words), words
    pygame.quit()

    app, driver = new_app("ru")
    app.go.table(two_player_match())
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable)
    assert "Ada: положите один из своих жетонов под день (первый из трёх)." in rendered_at(app, driver, shown)
    forms = {1: "1 очко", 2: "2 очка", 5: "5 очков", 21: "21 очко"}
    for points, said in forms.items():
        table.scores = [0, points]  # the opponent's badge counts them
        assert said in rendered_at(app, driver, shown), said
    pygame.quit()


def test_reduced_motion_moves_nothing_but_keeps_each_caption_its_time(shown):
    app, driver = new_app("en", animation="Normal", reduce_motion=True)
    assert app.settings.motion_factor == 0.0 and app.settings.animation_factor == 1.0
    app.go.table(two_player_match())
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable)
    shown_for: dict[str, int] = {}
    told: list[str] = []  # the captions whose time is over, in order
    before = None
    for _ in range(3000):
        if table.my_turn() and not table.busy():
            driver.perform(table.gesture_for(table.view.legal[0]))
        driver.frames(1)
        assert not table.stage.busy(), "a sprite is moving"
        assert not table.flights and table.tossed is None
        assert all(flight.start == flight.end for flight in table.score_changes)  # a score's change stays put
        caption = table.pacer.caption(app.now)
        if caption:
            assert table.prompt()[0] == caption  # the banner tells it
            shown_for[caption] = shown_for.get(caption, 0) + 1
        if before and caption != before:
            told.append(before)
        before = caption
        if sum(" takes " in line for line in told) >= 2:
            break
    taken = [caption for caption in told if " takes " in caption]
    assert len(taken) >= 2, told
    assert all(shown_for[caption] >= 0.8 * 60 - 2 for caption in taken), shown_for  # a card's beat: 0.8 s each
    pygame.quit()


@pytest.mark.parametrize(("size", "large_text"), [((1024, 640), True), ((1100, 690), True), ((1920, 1080), False)])
def test_each_days_name_stays_on_its_own_plate(size, large_text):
    """A day's name longer than its plate ("Понедельник" with Large text ran over the gap and under Tuesday's
    picture) is drawn smaller: the gaps between the plates look the same in Russian and French as in
    English, where every name fits."""

    def gaps(language: str) -> list[bytes]:
        settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language, large_text=large_text)
        app = App(size, settings=settings)
        driver = Driver(app)
        app.go.table(two_player_match())
        driver.frames(3)
        table = app.scenes.top
        assert isinstance(table, HouseCupTable)
        strips = strips_beside(app.screen, table.layout.headers, reach=theme.px(30))
        assert len(strips) == 4  # (the four gaps between the five plates)
        pygame.quit()
        return strips

    english = gaps("en")
    assert gaps("ru") == english
    assert gaps("fr") == english


def test_a_players_cards_tell_every_line_of_their_score(monkeypatch):
    """A player's cards, opened by a tap on their panel, list what they would score: in French with Large text
    at 1024x640 "Total si la partie finissait maintenant (hors Retourneur de Temps)" takes three lines, and the
    list kept room for two. Every word of every line is now drawn."""
    drawn = record_drawn(monkeypatch)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=True)
    app = App((1024, 640), settings=settings)
    driver = Driver(app)
    app.go.table(two_player_match())
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable)
    driver.tap(table.hits.rect_of("seat", 1).center)
    overlay = app.scenes.top
    assert isinstance(overlay, CardListOverlay)
    total = overlay.lines[-1][0]
    assert total.startswith("Total si la partie")
    told = drawn_afresh(driver, drawn)
    for text, _points in overlay.lines:
        assert " ".join(text.split()) in told, text
    pygame.quit()


def monday_of_seven(people: tuple[int, ...] = (3,)) -> Match:
    """Four houses, eleven tokens placed, six of them under Monday; Ravenclaw (a person) places the last one.
    ``people``: the seats people play (the others bots)."""
    game = GAMES["house-cup"]
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    seats = [SeatInfo(house, "human" if seat in people else "greedy") for seat, house in enumerate(houses)]
    match = Match(game, seats, {"houses": houses, "first": 0}, 5)
    placed = [(0, 0, 1), (1, 0, 2), (2, 0, 3), (3, 0, 1), (0, 0, 2), (1, 2, 1)]
    placed += [(2, 0, 1), (3, 3, 2), (0, 4, 3), (1, 4, 3), (2, 2, 2)]
    for seat, day, value in placed:
        match.apply(PlaceToken(seat, day, value))
    return match


def banner_labels(monkeypatch) -> tuple[list[float], list[str], list[list[str]]]:
    """What House Cup's banner draws from now on: how far its words are squeezed (``squeezes_inside``), every
    string drawn, and for each banner label the strings it drew (its lines last)."""
    ratios = squeezes_inside(monkeypatch, painter, "_banner")
    drawn = record_drawn(monkeypatch)
    said: list[list[str]] = []
    label = painter.prompt_label

    def saying(*args, **kwargs):  # type: ignore[no-untyped-def]
        start = len(drawn)
        surface = label(*args, **kwargs)
        said.append(drawn[start:])
        return surface

    monkeypatch.setattr(painter, "prompt_label", saying)
    return ratios, drawn, said


def last_token_turns_monday_over(driver: Driver, table: HouseCupTable) -> tuple[ev.TokensRevealed, str]:
    """Ravenclaw places Monday's last token (``monday_of_seven``), and the table is shown to the beat where the
    tokens turn over; returns that event and its line of the log."""
    driver.perform(table.gesture_for(PlaceToken(3, 0, 3)))
    reveal = next(event for event in table.session.match.history[-1] if isinstance(event, ev.TokensRevealed))
    line = GAMES["house-cup"].describe(reveal, table.session.names())
    while table.pacer.caption(driver.app.now) != line:
        assert table.pacer.busy(driver.app.now)
        driver.frames(1)
    return reveal, line


@pytest.mark.parametrize(
    ("language", "size", "large_text", "whole"), [("fr", (1024, 640), True, False), ("en", (1280, 800), False, True)]
)
def test_a_days_many_tokens_turning_over_are_told_in_the_banner_unsqueezed(
    monkeypatch, language, size, large_text, whole
):
    """Seven tokens turn over under Monday. Their list ("..., dans l'ordre où ils sont posés : Gryffondor 1,
    Serpentard 2, ...") took three lines in French with Large text at 1024x640 and was squeezed onto the banner's
    one at under half its width. There the banner says in fewer words who takes first (the Log keeps the whole
    line, and the tokens turn over under the day); where two lines hold the list, it is still drawn whole."""
    ratios, drawn, said = banner_labels(monkeypatch)
    settings = Settings(volume=0.0, animation="Normal", bot_speed="Instant", language=language, large_text=large_text)
    app = App(size, settings=settings)
    driver = Driver(app)
    app.go.table(monday_of_seven())
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable) and table.my_turn()
    reveal, line = last_token_turns_monday_over(driver, table)
    ratios.clear()
    drawn_afresh(driver, drawn)
    assert ratios == []  # the banner's words at their own width
    if whole:
        assert " ".join(said[-1][-2:]) == line  # on two lines
    else:
        assert said[-1][-1] == table.shorter_prompt()  # on one line
        assert table.session.names()[0] in said[-1][-1]  # Gryffindor's 1 takes first (the highest of three 1s)
    pygame.quit()


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_a_days_many_tokens_turning_over_in_pass_and_play_say_in_fewer_words_whom_the_screen_passes_to(
    monkeypatch, language
):
    """Pass-and-play: Ravenclaw places Monday's last token, and Gryffindor, a person too, takes first. While the
    seven tokens turn over the banner says so in fewer words (their list would be squeezed, Large text at
    1024x640), and still that the screen then passes to Gryffindor, unsqueezed."""
    ratios, drawn, said = banner_labels(monkeypatch)
    settings = Settings(volume=0.0, animation="Normal", bot_speed="Instant", language=language, large_text=True)
    app = App((1024, 640), settings=settings)
    driver = Driver(app)
    app.go.table(monday_of_seven(people=(0, 3)))
    driver.frames(50)  # (the privacy screen armed)
    assert isinstance(app.scenes.top, PrivacyOverlay) and app.scenes.top.seat == 3
    driver.tap((512, 320))  # Ravenclaw takes the screen
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable) and table.my_turn() and table.view.seat == 3
    reveal, line = last_token_turns_monday_over(driver, table)
    assert table.handing_to() == 0
    ratios.clear()
    drawn_afresh(driver, drawn)
    assert ratios == []  # the banner's words at their own width
    handing = table.then_handing("").strip()  # "Then the screen passes to Gryffindor."
    shorter = table.shorter_prompt()
    assert shorter == " ".join([table.short_caption(reveal), handing])
    assert shorter in (said[-1][-1], " ".join(said[-1][-2:]))  # on one line or two
    pygame.quit()


def one_day_of(count: int, human: int) -> Match:
    """Four houses, ``count`` tokens placed, all under Monday, the seats in turn (the first one's 1 on top);
    ``human``: the person's seat."""
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    seats = [SeatInfo(house, "human" if seat == human else "greedy") for seat, house in enumerate(houses)]
    match = Match(GAMES["house-cup"], seats, {"houses": houses, "first": 0}, 5)
    for turn in range(count):
        match.apply(PlaceToken(turn % 4, 0, 1 + turn // 4))
    return match


@pytest.mark.parametrize(
    ("language", "size", "large_text", "scale", "count"),
    [
        ("fr", (1024, 640), True, 100, 11),  # Ravenclaw places the last: the others face down, "Sd?" the widest
        ("fr", (1024, 640), True, 150, 11),  # two whole tokens a row: three, each overlapping the next by its edge
        ("ru", (1280, 800), True, 100, 12),  # all twelve turned over, the person (Gryffindor's 1) to take first
    ],
)
def test_every_token_under_a_day_shows_its_number_and_house_letter(language, size, large_text, scale, count):
    """Seven tokens or more under one day took a third row in its strip, each row ~14 px under the one before
    (30 px tokens): the lower rows covered the house letters of those above ("1 G" showed as "1"), and the last
    touched the column's foot (a French game, Large text, 1024x640, four players). Every token's number and
    letter (face down: its house letter and "?") is drawn whole, not covered by another token."""
    settings = Settings(
        volume=0.0, animation="Off", bot_speed="Instant", language=language, large_text=large_text, ui_scale=scale
    )
    app = App(size, settings=settings)
    driver = Driver(app)
    app.go.table(one_day_of(count, 3 if count < 12 else 0))
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable) and table.my_turn()
    view, r = table.view, table.layout.token_r
    assert len(view.under[0]) == count and r >= 14  # (their house letters drawn)
    covered = []
    seen: dict[int, int] = {}
    for token in view.under[0]:
        index = seen[token.seat] = seen.get(token.seat, -1) + 1
        drawn = table.stage.rect_of(("placed", token.seat, 0, index))
        assert drawn is not None
        house = view.houses[token.seat]
        shown = token.value if (token.revealed or token.seat == view.seat) else None
        face = choice_token(house, shown, r)
        ink = theme.INK if shown is not None else theme.readable_on(theme.house_colour(house))
        inside = pygame.Surface(face.get_size(), pygame.SRCALPHA)  # (within the ring)
        pygame.draw.circle(inside, (255, 255, 255), (face.get_width() // 2,) * 2, round(r * 0.78))
        letters = pygame.mask.from_threshold(face, (*ink, 255), (24, 24, 24, 255))
        letters = letters.overlap_mask(pygame.mask.from_surface(inside), (0, 0))
        assert letters.count() > 10
        at = face.get_rect(center=drawn.center)
        pixels = [(x, y) for x in range(face.get_width()) for y in range(face.get_height()) if letters.get_at((x, y))]
        wrong = sum(app.screen.get_at((at.x + x, at.y + y))[:3] != face.get_at((x, y))[:3] for x, y in pixels)
        if wrong:
            covered.append((house, shown, wrong))
    assert covered == []
    pygame.quit()


@pytest.mark.parametrize(("language", "large_text"), [("fr", True), ("ru", True), ("en", False)])
def test_the_side_columns_buttons_say_their_words_unsqueezed_in_play_and_in_the_replay(
    monkeypatch, language, large_text
):
    """At 1024x640 the side column's buttons are 154 and 74 px wide. With Large text (18 px at the least) "Revoir
    la dernière manche" was squeezed to 87% of its width, and in the replay it opens "Play from here" in Undo's
    place to 70% ("Играть отсюда" 67%; 90% with normal text). Such a label goes on two lines, its button taller
    (the log above giving up the room); the piles, the log and the buttons keep their order, none overlapping."""
    ratios = squeezes_inside(monkeypatch, widgets, "button_face")
    drawn = record_drawn(monkeypatch)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language, large_text=large_text)
    app = App((1024, 640), settings=settings)
    driver = Driver(app)
    app.go.table(monday_of_seven())
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable)
    driver.perform(table.gesture_for(PlaceToken(3, 0, 3)))  # (Monday's tokens turn over: a round to watch again)
    driver.frames(3)
    assert table.again.visible and table.again.enabled
    for shown in (table, None):
        if shown is None:  # the replay of that round, opened by the button
            driver.tap(table.again.rect.center)
            driver.frames(3)
            shown = app.scenes.top
            assert isinstance(shown, HouseCupTable) and shown is not table and not shown.again.visible
        ratios.clear()
        drawn_afresh(driver, drawn)
        assert ratios == [], [button.label for button in (*shown.bar, shown.again)]
        layout, gap = shown.layout, theme.px(8)
        below = layout.again if shown.again.visible else layout.buttons[0]
        assert layout.supply.bottom < layout.recent.top <= layout.recent.bottom < below.top - gap
        assert layout.again.bottom + gap <= layout.buttons[0].top
        assert all(a.bottom + gap <= b.top for a, b in zip(layout.buttons[:2], layout.buttons[2:], strict=True))
    pygame.quit()
