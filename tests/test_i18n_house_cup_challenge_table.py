"""House Cup Challenge's table draws only catalogue words, and moves nothing with reduced motion.

The app runs in a pseudo-language ("[" + English + "]") made of the shell's and the game's catalogues, and every
string handed to the text renderer is recorded (tests/pseudo_language.py). A whole two-player game is played from
the setup screen to the results through the real app: the person's moves by pointer events (the greedy bot only
picks which), the other seat a bot. Each kind of screen met on the way (the setup, the table in each kind of task
and panel, a card picked, the character picked, the score breakdowns, the zoomed cards, the results, the guided
game's "How to win" and steps) is drawn afresh and must show only bracketed messages and data: the players' names,
the space codes ("C3") and the abilities' letters with their values ("S3", "+1 K": symbols in every language).

Then the real catalogues: a French prompt and Russian plurals as drawn, and reduced motion: a character is where
its move ends on the next frame while the move's log line stays on the table.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

import pygame
import pytest

from tabletop import i18n
from tabletop.bots import make_bot
from tabletop.core.codec import to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import CELLS
from tabletop.games.house_cup_challenge.cards import ABILITIES, ADVENTURES
from tabletop.games.house_cup_challenge.i18n import gettext as game_gettext
from tabletop.paths import asset_dir
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.settings import Settings
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.tables import setup_scene_for
from tabletop.ui.tables.card_zoom import HOVER_SECONDS
from tabletop.ui.tables.house_cup_challenge import faces, painter
from tabletop.ui.tables.house_cup_challenge.panels import heading
from tabletop.ui.tables.house_cup_challenge.setup import DEFAULT_NAMES, ChallengeSetup
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable
from tests.drawn_text import drawn_afresh as drawn_words
from tests.drawn_text import record_drawn, squeezes_inside, strips_beside
from tests.house_cup_challenge_positions import position
from tests.pseudo_language import Shown, record_shown
from tests.ui_driver import Driver, open_past_cover

pytestmark = pytest.mark.every_frame  # (what the frames draw is watched: every one is drawn)

GAME = GAMES["house-cup-challenge"]
PSEUDO = "xx"
DOMAINS = ("tabletop", "house_cup_challenge")
# Symbols, the same in every language: the spaces' codes, an ability's letter with a value ("S3", "+1 K").
SYMBOLS = {
    *CELLS,
    *(f"{a}{n}" for a in ABILITIES for n in range(21)),
    *(f"+{n} {a}" for a in ABILITIES for n in range(1, 4)),
}
HOVER_FRAMES = round(HOVER_SECONDS * 60) + 6


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")
    pygame.quit()


@pytest.fixture
def shown(monkeypatch, tmp_path) -> Shown:
    record = record_shown(monkeypatch, tmp_path, PSEUDO, DOMAINS)
    record.data.update(SYMBOLS)
    wrap_words = faces.wrap_words

    def recording_wrap_words(
        message: str, font: theme.Font, width: int, hyphens: bool = False, inside: bool = False
    ) -> list[str]:
        """The card faces wrap their names and texts themselves (to fit them whole): checked as theme.wrap is."""
        lines = wrap_words(message, font, width, hyphens, inside)
        record.wrapped(message, lines)
        return lines

    monkeypatch.setattr(faces, "wrap_words", recording_wrap_words)
    return record


def settings(language: str = PSEUDO, **changes) -> Settings:
    values = dict(volume=0.0, animation="Off", bot_speed="Instant", language=language)
    values.update(changes)
    return Settings(**values)


def rest_mouse(driver: Driver, pos: tuple[int, int]) -> None:
    """The mouse moved to ``pos`` (no button held) and left there long enough to enlarge what is under it."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    driver.frames(HOVER_FRAMES)


def drawn_afresh(shown: Shown, driver: Driver) -> set[str]:
    """The strings of one frame, each rendered again (none taken from the text cache)."""
    theme.reset_caches()
    sprite_cache.reset_all()
    shown.rendered.clear()
    driver.frames(1)
    return set(shown.rendered)


class Tour:
    """The screens of one game, each kind checked once when it first shows."""

    def __init__(self, app: App, driver: Driver, shown: Shown) -> None:
        self.app, self.driver, self.shown = app, driver, shown
        self.screens: list[str] = []
        self.seen: set[Hashable] = set()

    def check(self, screen: str, draw: Callable[[], None] | None = None, data: Iterable[str] = ()) -> None:
        self.shown.data.update(data)
        self.shown.escaped()  # (forget the frames before)
        theme.reset_caches()  # every text of the screen rendered again, none taken from a cache
        sprite_cache.reset_all()
        (draw or (lambda: self.driver.frames(1)))()
        assert self.shown.escaped() == [], f"strings outside the catalogues on the {screen} screen"
        self.screens.append(screen)

    def once(self, key: Hashable, screen: str) -> None:
        if key not in self.seen:
            self.seen.add(key)
            self.check(screen)


def table_key(table: ChallengeTable) -> tuple:
    """The kind of screen the table shows: whose turn, the task and its phase, the panel, the Year."""
    view = table.view
    task = view.tasks[-1] if view.tasks else None
    panel = table.panel.title if table.panel is not None else None
    return (table.my_turn(), task.kind if task else None, task.phase if task else None, panel, view.year)


def visit_the_table(tour: Tour, table: ChallengeTable, when: str) -> None:
    """What a person looks at without playing: a card of the hand picked, the character picked, the two score
    breakdowns, the enlarged hand card, character's card and Special Card."""
    driver, view = tour.driver, table.view
    hand = [card for card in view.me.hand or () if table.hits.rect_of("card", card) is not None]
    if hand and table.can_act():
        driver.tap(table.hits.rect_of("card", hand[0]).center)
        assert table.selected_card == hand[0]
        tour.check(f"a card picked ({when})")
        driver.tap(table.hits.rect_of("card", hand[0]).center)
    if table.can_act() and table.targets("character"):
        driver.tap(table.hits.rect_of("token", view.seat).center)
        assert table.character_picked
        tour.check(f"the character picked ({when})")
        driver.tap(table.hits.rect_of("token", view.seat).center)
    reach = table.targets("character")  # (the character's own space is no target: dropped there, it stays put)
    far = next((cell for cell in CELLS if cell not in reach and cell != view.me.cell), None)
    if table.can_act() and far is not None:  # a drop out of reach: the table says why
        driver.drag(table.hits.rect_of("token", view.seat).center, table.layout.cells[far].center)
        assert table.message.startswith("[Your character cannot reach"), table.message
        tour.check(f"a move refused ({when})")
    for kind, item in (("score", view.seat), ("track", "track")):
        driver.tap(table.hits.rect_of(kind, item).center)
        assert table.pinned == item and table.breakdown() is not None
        tour.check(f"the {kind} explained ({when})")
        driver.tap(table.hits.rect_of(kind, item).center)
    zoomable = [("portrait", f"character:{view.me.character}")] + [("card", card) for card in hand[:1]]
    zoomable += [("chip", card) for card in (*view.me.specials_up, *view.me.specials_down)][:1]
    for kind, item in zoomable:
        rest_mouse(driver, table.hits.rect_of(kind, item).center)
        assert table.zoomed() == item, (kind, item)
        tour.check(f"{item} enlarged ({when})")
    rest_mouse(driver, table.layout.banner.center)


def perform(driver: Driver, table: ChallengeTable, command) -> None:
    """``command`` made by the pointer as a person would (the hand scrolled to its card first)."""
    for _ in range(20):
        try:
            gesture = table.gesture_for(command)
            break
        except AssertionError:  # its card is scrolled out of the hand's row
            arrow = table.hand_right if table.hand_right.enabled else table.hand_left
            driver.tap(arrow.rect.center)
    driver.perform(gesture)
    if table.choosing and table.panel is not None:  # one space, several moves: the panel asks which
        driver.perform(table.gesture_for(command))


def test_a_whole_game_from_the_setup_to_the_results_draws_only_catalogue_words(shown):
    app = App((1280, 720), settings=settings())
    driver = Driver(app)
    driver.frames(2)
    tour = Tour(app, driver, shown)
    shown.data.update(DEFAULT_NAMES)
    app.scenes.push(setup_scene_for(app, GAME))
    setup = app.scenes.top
    assert isinstance(setup, ChallengeSetup)
    driver.tap(setup.players_choice.arrows()[0].center)
    driver.tap(setup.players_choice.arrows()[0].center)
    assert len(setup.rows) == 2
    assert setup.notes()[0].startswith("[Harry, Hermione, Ron and Neville")
    tour.check("setup")
    driver.tap(setup.start.rect.center)

    table = app.scenes.stack[0]
    assert isinstance(table, ChallengeTable)
    session, bot, rng = table.session, make_bot(GAME, "greedy"), Rng(5)
    assert [session.is_human(seat) for seat in range(2)] == [True, False]
    visited: set[str] = set()
    for _ in range(3000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            break
        if top is not table:
            tour.once(type(top).__name__, type(top).__name__)
            driver.frames(2)
            continue
        tour.once(table_key(table), f"the table {table_key(table)}")
        task = table.view.tasks[-1] if table.view.tasks else None
        if not table.my_turn() or table.busy() or task is None:
            driver.frames(2)
            continue
        moment = "start" if not visited else "Year 3" if table.view.year >= 3 and "Year 3" not in visited else ""
        if moment and table.can_act():
            visited.add(moment)
            visit_the_table(tour, table, moment)
        command = bot.choose(table.view, rng)
        before = len(session.match.log)
        perform(driver, table, command)
        assert session.match.log[before : before + 1] == [command], f"{command} was not made ({table.message})"
    results = app.scenes.top
    assert isinstance(results, ResultsScene) and session.match.result() is not None
    tour.check("results")
    assert {"start", "Year 3"} <= visited
    kinds = {key[1] for key in tour.seen if isinstance(key, tuple)}
    assert {"place", "action", "encounter"} <= kinds, kinds  # the setup's cards, actions and a Test's boosts
    assert len(tour.screens) >= 20, tour.screens


def test_the_guided_first_game_speaks_through_the_catalogue(shown):
    app = App((1280, 720), settings=settings())
    driver = Driver(app)
    driver.frames(2)
    shown.data.update(("Ada", "Ben"))
    app.go.guided("house-cup-challenge", seed=4)
    driver.frames(5)
    table = app.scenes.top
    assert isinstance(table, ChallengeTable) and table.coach is not None
    coach = table.coach
    tour = Tour(app, driver, shown)
    assert coach.summary_open
    tour.check("How to win")
    driver.tap(coach.play.rect.center)
    bot, rng = make_bot(GAME, "greedy"), Rng(4)
    for _ in range(600):
        if coach.finished or table.session.match.result() is not None:
            break
        if coach.showing():
            tour.once(coach.index, f"guide step {coach.index + 1}")
            if coach.step is not None and coach.step.done is None:
                driver.tap(coach.got_it.rect.center)
                continue
        if table.my_turn() and not table.busy():
            perform(driver, table, bot.choose(table.view, rng))
        else:
            driver.frames(2)
    assert coach.finished and len(tour.screens) == 1 + len(coach.guide.steps), tour.screens


def test_a_french_table_prompts_in_french(shown):
    state = position(characters=("harry", "hermione"), cells=["C3", "B2"], hands=[["Y1-26", "Y1-01"], []])
    app = App((1280, 720), settings=settings("fr"))
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "greedy")]
    app.go.table(Match(GAME, seats, GAME.default_options(2), 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(5)
    drawn = drawn_afresh(shown, driver)
    action = "Ada, votre action : déplacez votre personnage, jouez une carte sur le plateau, piochez ou passez."
    assert action in drawn
    assert {"Piochez 2", "Passer", "Main : Ada (2 cartes)", "Gryffondor : 0 / 500"} <= drawn


@pytest.mark.parametrize(("count", "words"), [(1, "1 карта"), (2, "2 карты"), (5, "5 карт"), (21, "21 карта")])
def test_russian_counts_cards_in_hand_in_the_right_form(shown, count, words):
    cards = list(ADVENTURES)[:count]
    state = position(characters=("harry", "hermione"), cells=["C3", "B2"], hands=[cards, []])
    app = App((1280, 720), settings=settings("ru"))
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "greedy")]
    app.go.table(Match(GAME, seats, GAME.default_options(2), 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(5)
    drawn = drawn_afresh(shown, driver)
    assert f"Рука: Ada ({words})" in drawn, [text for text in drawn if "Рука" in text]


# --- reduced motion ------------------------------------------------------------------------------------------
def ada_walks(reduce_motion: bool) -> tuple[ChallengeTable, Driver, str, str]:
    """Ada drags her character two spaces on: the table, its driver, the space she ends on and her move's log
    line, two frames after the move was made (the drop's)."""
    state = position(characters=("harry", "hermione"), cells=["C3", "H7"], hands=[["Y1-01"], []])
    app = App((1280, 720), settings=settings("en", animation="Normal", reduce_motion=reduce_motion))
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "greedy")]
    app.go.table(Match(GAME, seats, GAME.default_options(2), 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, ChallengeTable) and table.can_act()
    walk = next(c for c in table.view.legal if isinstance(c, ev.Move) and len(c.path) == 2)
    perform(driver, table, walk)
    assert table.session.match.log[0] == walk
    line = next(line for line in reversed(table.recent) if line.startswith("Ada"))
    return table, driver, walk.path[-1], line


def test_with_reduced_motion_a_move_lands_at_once_and_its_caption_stays():
    table, driver, end, line = ada_walks(reduce_motion=True)
    for _ in range(90):  # a second and a half: Ada stands on her space from the first frame, her line stays
        assert table.walks == [] and not table.stage.busy()
        assert table.layout.cells[end].contains(table.hits.rect_of("token", 0))
        assert any(" ".join(lines) == line for lines in table.look().recent)
        driver.frames(1)
    assert table.stage.speed == 0.0


def test_without_reduced_motion_the_same_move_walks():
    """The same move with reduced motion off: Ada walks her path for a while (what the test above rules out)."""
    table, driver, end, _line = ada_walks(reduce_motion=False)
    assert table.walks and table.stage.speed == 1.0
    assert not table.layout.cells[end].contains(table.hits.rect_of("token", 0))


def test_a_change_of_language_in_the_settings_redraws_the_table_in_it(shown):
    """The language chosen in Settings while a game is on: the table's words, its card faces and the board's
    plaques (pictures kept by size) are drawn in it at once."""
    state = position(characters=("harry", "hermione"), cells=["C3", "B2"], hands=[["Y1-26", "Y1-01"], []])
    app = App((1280, 720), settings=settings("en"))
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "greedy")]
    app.go.table(Match(GAME, seats, GAME.default_options(2), 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(5)
    assert {"Draw 2", "Corridor", "Sorting Ceremony"} <= drawn_afresh(shown, driver)
    settings_scene = SettingsScene(app)
    app.scenes.push(settings_scene)
    driver.frames(2)
    settings_scene.language.set(list(i18n.LANGUAGES).index("fr"))  # as its arrows do
    shown.rendered.clear()
    driver.key(pygame.K_ESCAPE)  # back to the table (no cache emptied here: Settings' language change does it)
    table = app.scenes.top
    assert isinstance(table, ChallengeTable) and i18n.language() == "fr"
    drawn = set(shown.rendered)
    assert {"Couloir", "La Répartition"} <= drawn, drawn
    assert table.draw_button.label == "Piochez 2"


def test_the_track_and_the_players_panels_keep_their_words_inside_in_every_language(shown):
    """Four players in Russian with Large text at 1024x640: "в руке 3 - пройдено 15" ran past its panel, into
    the next one and out of the window, and the track's points, hint and Year ran into one another. The gaps
    between and beside the panels now look the same in French and Russian as in English, and the hint is left
    out where it does not fit whole (in English at 1280x720 it is there)."""
    hint = "(select it for the points)"

    def hint_in(language: str) -> str:
        i18n.set_language(language)
        return game_gettext(hint)

    state = position(
        cells=["C3", "B2", "A1", "D4"],
        abilities=[[7, 6, 5], [6, 6, 10], [8, 6, 6], [5, 5, 7]],
        hands=[list(ADVENTURES)[:3], list(ADVENTURES)[3:6], list(ADVENTURES)[6:13], list(ADVENTURES)[13:14]],
    )
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "greedy"), SeatInfo("Cleo", "greedy"), SeatInfo("Dev", "greedy")]

    def table_in(language: str, size: tuple[int, int], large_text: bool) -> tuple[App, Driver, ChallengeTable]:
        app = App(size, settings=settings(language, large_text=large_text))
        app.go.table(Match(GAME, seats, GAME.default_options(4), 1, start=to_json(state)))
        driver = Driver(app)
        driver.frames(5)
        table = app.scenes.stack[0]
        assert isinstance(table, ChallengeTable)
        return app, driver, table

    def gaps(language: str) -> list[bytes]:
        app, driver, table = table_in(language, (1024, 640), True)
        drawn = drawn_afresh(shown, driver)
        assert (hint_in(language) in drawn) == (language == "en")
        panels = table.layout.players
        assert len(panels) == 4
        strips = strips_beside(app.screen, panels)
        pygame.quit()
        return strips

    english = gaps("en")
    assert gaps("ru") == english
    assert gaps("fr") == english
    app, driver, table = table_in("en", (1280, 720), False)
    assert hint in drawn_afresh(shown, driver)


def test_a_narrow_panel_shows_the_counts_as_small_cards_and_their_words_when_rested_on(monkeypatch):
    """French with Large text at 1024x640: "3 en main - 15 accomplies" was squeezed to half its width in every
    panel, hardly readable. There the counts are a fan of cards and a ticked card, each with its number, drawn
    at their own width; resting the mouse on them opens the player's breakdown, which says them in words (and,
    for Harry, whether his walk-past is used this round). In English at 1280x720 the words fit and stay."""
    ratios = squeezes_inside(monkeypatch, painter, "_counts")
    drawn = record_drawn(monkeypatch)
    app = App((1024, 640), settings=settings("fr", large_text=True))
    driver = open_past_cover(app, asset_dir("saves") / "house-cup-challenge-year4.json")
    table = app.scenes.top
    assert isinstance(table, ChallengeTable)
    drawn_words(driver, drawn)
    assert ratios == []
    players = table.view.players
    assert [player.hand_count for player in players] == [3, 3, 7, 1]
    for seat, player in enumerate(players):
        rest_mouse(driver, table.hits.rect_of("counts", seat).center)
        shown = table.breakdown()
        assert shown is not None
        count, done = player.hand_count, len(player.completed)
        hand = f"{count} carte{'s' if count > 1 else ''} en main"
        assert shown[0].note.startswith(f"{hand}, {done} aventures accomplies."), shown[0].note
        assert ("Passage de Harry : libre cette manche." in shown[0].note) == (player.character == "harry")
    pygame.quit()
    app = App((1280, 720), settings=settings("en"))
    driver = open_past_cover(app, asset_dir("saves") / "house-cup-challenge-year4.json")
    assert "3 in hand - 15 done" in drawn_words(driver, drawn)
    assert ratios == []
    pygame.quit()


def test_the_rounds_steps_share_the_track_by_their_words(monkeypatch):
    """Russian with Large text at 1024x640: six even slots left "Передача Палочки" (Pass the Wand) narrowed to
    under half its width, the shorter words whole beside it. Each pill is now as wide as its words ask, so every
    step reads at nearly its size."""
    ratios = squeezes_inside(monkeypatch, painter, "_track")
    drawn = record_drawn(monkeypatch)
    app = App((1024, 640), settings=settings("ru", large_text=True))
    driver = open_past_cover(app, asset_dir("saves") / "house-cup-challenge-year4.json")
    words = drawn_words(driver, drawn)
    assert "Передача Палочки" in drawn and "Новые карты" in words
    assert min(ratios, default=1.0) >= 0.8, ratios
    pygame.quit()


def test_the_french_hand_limit_asks_to_keep_eight_cards_not_to_discard_eight():
    """Rule 1.2, hand limit: "any player holding more than 8 Adventure Cards discards down to 8". The French panel
    said "Défaussez jusqu'à 8 cartes" (discard up to 8 cards); it now says to discard until 8 are left, as the
    refusal "Défaussez d'abord jusqu'à n'avoir plus que 8 cartes" does, and so does the rules page."""
    state = position(characters=("harry", "hermione"), cells=["C3", "B2"], hands=[list(ADVENTURES)[:10], []])
    while not (state.tasks and state.tasks[-1].kind == "limit"):
        seat = GAME.to_act(state)[0]
        answer = {"action": ev.Pass(seat), "token": ev.WandBonus(seat, False)}.get(state.tasks[-1].kind)
        GAME.play(state, answer or GAME.legal(state, seat)[0])
    assert state.tasks[-1].seat == 0 and len(state.players[0].hand) == 10
    i18n.set_language("fr")
    title, explain = heading(GAME.view(state, 0), ["Ada", "Ben"])
    assert (title, explain) == ("Limite de main", "Défaussez jusqu'à n'avoir plus que 8 cartes (10 cartes en main).")
    rounds = dict(GAME.rules_sections())["Une manche"]
    assert rounds.endswith("Ensuite, quiconque a plus de 8 cartes en main se défausse jusqu'à n'en avoir plus que 8.")


def test_the_boost_panel_says_who_ambushed_and_what_a_boost_can_still_do():
    """The one ambushed took the screen in the middle of another's turn with nothing saying who played the card;
    the panel offered "or flip bonus cards" to a hand with none; and after one boost passed the Test it still said
    "Discard up to 1 more card", inviting a card wasted (a review of four people by touch)."""
    names = ["Ada", "Ben", "Cleo", "Dev"]
    # Hermione (Skill 1) walks into Neville's Remembrall (Skill 2) with two cards and no bonus Special Card.
    state = position(
        cells=["H7", "A5", "H7", "H7"], hands=[[], ["Y1-01", "Y1-08"], [], []], board={"B3": "Y1-04"}, actor=1
    )
    into = min(
        (c for c in GAME.legal(state, 1) if isinstance(c, ev.Move) and c.path[-1] == "B3"), key=lambda c: len(c.path)
    )
    GAME.apply(state, into)
    assert state.tasks[-1].phase == "boost"
    _title, explain = heading(GAME.view(state, 1), names)
    # (none discarded yet: not "2 more cards", read as if some had been: a pass-and-play review)
    assert explain.endswith("Discard up to 2 cards to boost it, or check the Test.") and "flip" not in explain
    GAME.apply(state, ev.Boost(1, "Y1-01", "S"))
    _title, explain = heading(GAME.view(state, 1), names)
    assert explain.endswith("That passes the Test: check it now.")
    # Harry plays a card onto the space where Hermione alone stands: she encounters it in his turn.
    cell = ADVENTURES["Y1-07"].cells[0]  # the Troll: Skill 3
    state = position(cells=["H7", cell, "H7", "H7"], hands=[["Y1-07"], ["Y1-01", "Y1-08"], [], []])
    ambush = next(c for c in GAME.legal(state, 0) if isinstance(c, ev.PlayThere) and c.cell == cell)
    GAME.apply(state, ambush)
    assert state.tasks[-1].kind == "encounter" and state.tasks[-1].seat == 1
    _title, explain = heading(GAME.view(state, 1), names)
    assert explain.startswith(f"Ada played {ADVENTURES[ambush.card].title} onto your space.")


def french_table(state, players: int = 4) -> tuple[App, Driver, ChallengeTable]:
    """``state`` at its table in French with Large text at 1024x640, Ada at the screen, the others bots."""
    app = App((1024, 640), settings=settings("fr", large_text=True))
    seats = [SeatInfo(name, "greedy" if seat else "human") for seat, name in enumerate(("Ada", "Ben", "Cleo", "Dev"))]
    app.go.table(Match(GAME, seats[:players], GAME.default_options(players), 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(3)
    table = app.scenes.stack[0]
    assert isinstance(table, ChallengeTable)
    return app, driver, table


@pytest.mark.parametrize("spaces", [2, 6])
def test_a_docked_panels_top_edge_covers_the_side_columns_panels_whole_or_not_at_all(spaces):
    """French with Large text at 1024x640: the panel asking where a new card goes stands beside the board, its top
    where its buttons need. With six spaces that edge fell across Cleo's and Dev's panels (their names above it,
    their Special Cards under it), with two across the Log / Undo / Rules / Menu buttons. It covers such a row
    whole now, its buttons where they were, and Tab no longer stops on a button under it (its ring drawn over the
    panel, Enter opening the Menu unseen); Voir la table shows every panel and button again."""
    from tabletop.games.house_cup_challenge.state import Task

    state = position(cells=["A5", "H7", "H7", "H7"], specials=[["map"], ["floo"], ["fawkes"], []])
    where = ["A4", "C4", "D4", "E4", "F4", "G4"][:spaces]
    state.tasks.append(Task("place", 0, card="Y1-24", options=where))
    app, driver, table = french_table(state)
    panel, layout = table.panel, table.layout
    assert panel is not None and panel.docked and len(panel.direct) == spaces
    top = panel.rect.top
    cut = [rect for rect in (layout.track, *layout.players, *layout.buttons) if rect.top < top < rect.bottom]
    assert not cut, (top, cut)
    covered = [rect for rect in (*layout.players, *layout.buttons) if rect.top > top]
    assert covered and all(panel.rect.contains(rect.clip(layout.side)) for rect in covered)
    assert all(panel.rect.contains(button.rect) for button in panel.direct)  # (its buttons at its foot, whole)
    assert panel.direct[-1].rect.bottom > panel.rect.bottom - theme.px(40)
    assert table.log_end() is None or table.log_end() == top
    bar = [button for button in table.bar if button.rect in layout.buttons]
    assert bar and not any(stop.item in bar for stop in table.focus_targets())  # (Tab's ring under the panel)
    driver.tap(panel.hide.rect.center)  # Voir la table
    assert panel.hidden and not any(panel.covers(rect.center) for rect in layout.players)
    assert all(any(stop.item is button for stop in table.focus_targets()) for button in bar)
    pygame.quit()


def test_special_card_chips_say_their_names_at_a_readable_size_and_a_tap_shows_the_card(monkeypatch):
    """French with Large text at 1024x640: the chips' names were drawn in letters of 8 to 10 px, their "ACTION",
    "LIBRE" or "UTILISÉE" in 8 ("Poudre de Cheminette", "Carte du Maraudeur" hard to read). Each name is whole
    and 12 px at the least now (the words beside it only where they leave it room); a tap still shows the card."""
    specials = [["remembrall", "expelliarmus", "map"], ["floo", "firebolt"], ["fawkes"], []]
    state = position(cells=["G7", "H7", "H7", "H7"], specials=specials)
    rendered: list[tuple[str, float]] = []
    ratios = squeezes_inside(monkeypatch, faces, "special_chip")
    render, chip = theme.Font.render, faces.special_chip

    def recording(self: theme.Font, message: str, *args, **kwargs) -> pygame.Surface:
        rendered.append((message, self.em))
        return render(self, message, *args, **kwargs)

    def drawing(card: str, *args, **kwargs) -> pygame.Surface:
        rendered.append((f"chip {card}", 0.0))
        return chip(card, *args, **kwargs)

    app, driver, table = french_table(state)
    monkeypatch.setattr(theme.Font, "render", recording)
    monkeypatch.setattr(faces, "special_chip", drawing)
    sprite_cache.reset_all()
    driver.frames(1)
    starts = [index for index, (message, _em) in enumerate(rendered) if message.startswith("chip ")]
    assert len(starts) == 6
    for start, end in zip(starts, [*starts[1:], len(rendered)], strict=True):
        card = rendered[start][0].removeprefix("chip ")
        words = rendered[start + 1 : end]
        name = faces.SPECIALS[card].name
        assert all(em >= 12 * theme.Font.LEGACY_SCALE - 0.01 for _message, em in words), (card, words)  # 12 px
        assert name in " ".join(message for message, _em in words), (card, words)
    assert ratios == []
    floo = table.hits.rect_of("chip", "floo")  # Ben's, with Firebolt: a tap shows it large
    driver.tap(floo.center)
    assert table.zoomed() == "floo"
    pygame.quit()


def test_a_characters_name_stays_beside_the_wand_and_a_score_of_three_digits():
    """French with Large text at 1024x640: Ada's panel with the Wand and "123 PV" had no room for "Harry Potter",
    and left it out. Her character's first name stands there now ("Harry"), her score and the Wand whole."""
    state = position(cells=["G7", "H7", "H7", "H7"])
    state.players[0].vp = 123
    app, driver, table = french_table(state)
    panel, px = table.layout.players[0], theme.px
    assert table.view.wand == 0 and panel.contains(table.hits.rect_of("score", 0))
    name_end = panel.left + px(36) + px(14) + theme.text("Ada", 17, bold=True).get_width()
    after = pygame.Rect(name_end + px(8), panel.top + px(8), px(20), theme.font_px(14) * 2 // 3)
    lightest = max(
        max(app.screen.get_at((x, y))[:3])
        for x in range(after.left, after.right)
        for y in range(after.top, after.bottom)
    )
    assert lightest >= 150  # (light letters on the dark panel, where "Harry" begins)
    pygame.quit()


def test_the_log_under_a_docked_panel_shows_only_whole_lines_above_it(monkeypatch):
    """French with Large text at 1024x640: the panel asking where a new card goes stands beside the board, over
    the log's last lines, and its top edge cut one of them in half. The log's lines now end above it, the newest
    there; with the choice folded away (Voir la table) the log has its whole height back."""
    from tabletop.games.house_cup_challenge.state import Task

    state = position(cells=["A5", "H7", "H7", "H7"])
    state.tasks.append(Task("place", 0, card="Y1-24", options=["A4", "C4", "D6"]))
    areas: list[pygame.Rect] = []
    draw_log = theme.draw_log

    def recording(surface: pygame.Surface, area: pygame.Rect, *args, **kwargs) -> None:
        areas.append(area.copy())
        draw_log(surface, area, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_log", recording)
    app, driver, table = french_table(state)
    panel, recent = table.panel, table.layout.recent
    assert panel is not None and panel.docked and recent.top < panel.rect.top < recent.bottom
    assert areas[-1].bottom <= panel.rect.top and areas[-1].height >= theme.font_px(14)
    driver.tap(panel.hide.rect.center)  # Voir la table
    assert panel.hidden and areas[-1].bottom > panel.rect.top
    pygame.quit()


def test_a_long_russian_title_on_a_board_tile_is_hyphenated_inside_the_tile():
    """In a 1240x700 window (the app's own size on a 1280x800 screen) in Russian, "Предупреждение Флоренца"
    lying on the board ran past its tile's edges even at the smallest size, "Предупреждени" showing (and
    "Заколдованная" of a Hospital card beside its cross): a word too wide is now broken with a hyphen between
    syllables, every line inside the tile (a new player's review)."""
    state = position(characters=("harry", "hermione"), cells=["A5", "H7"], board={"C1": "Y1-19", "G1": "Y1-11"})
    app = App((1240, 700), settings=settings("ru"))
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "greedy")]
    app.go.table(Match(GAME, seats, GAME.default_options(2), 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(3)
    table = app.scenes.stack[0]
    assert isinstance(table, ChallengeTable)
    for card, first in (("Y1-19", "Предупрежде-"), ("Y1-11", "Заколдо-")):
        tile = table.hits.rect_of("card", card)
        title = faces.tile_title(card, tile.width)
        font = theme.font(title.size, True)
        assert title.lines[0] == first, title.lines
        assert all(font.size(line)[0] <= title.box.width for line in title.lines), (title.lines, title.box)
        assert title.box.right <= tile.width and title.box.bottom <= tile.height
