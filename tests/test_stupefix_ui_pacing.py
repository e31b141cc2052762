"""The pace of the Stupéfix table through real pygame events: the reveal told one seat at a time with a caption,
bots' rewards taken one at a time, "Last round again", scores that explain themselves, and one language at a
time (English, the French rulebook's names only as subtitles)."""

from __future__ import annotations

import pygame

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix.events import CastSpell, PointWand, PrepareSpell, TakeReward
from tabletop.games.stupefix.terms import TERMS
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.stupefix import pacing
from tabletop.ui.tables.stupefix.scores import breakdown
from tabletop.ui.tables.stupefix.table import StupefixTable
from tests.drawn_text import record_drawn
from tests.stupefix_helpers import new, play_round, set_row
from tests.stupefix_ui_helpers import NAMES
from tests.ui_driver import Driver, at_table

PEOPLE_AND_BOTS = ["human", "greedy", "greedy", "greedy"]  # Ada, Gryffindor, plays against three bots


def open_table(
    match: Match, animation: str = "Off", ui_scale: int = 100, size: tuple[int, int] = (1280, 800)
) -> tuple[App, Driver, StupefixTable]:
    app = App(size, settings=Settings(volume=0.0, animation=animation, bot_speed="Instant", ui_scale=ui_scale))
    driver, table = at_table(app, match, frames=3)
    assert isinstance(table, StupefixTable)
    return app, driver, table


def match_of(controllers: list[str], seed: int = 5, start: str | None = None) -> Match:
    players = len(controllers)
    options = GAME.default_options(players)
    options["chouchou"] = 0
    seats = [SeatInfo(NAMES[seat], controller) for seat, controller in enumerate(controllers)]
    return Match(GAME, seats, options, seed, start=start)


def at_the_cast(match: Match) -> None:
    """Round 1 up to Ada's cast: Ada and Bram aim Stupefy at each other, Cleo will cast Protego, Dov a Misfire."""
    spells = {0: "stupefix", 1: "stupefix", 2: "rate", 3: "rate"}
    for seat in range(4):
        match.apply(PrepareSpell(seat, spells[seat]))
    for seat, target in ((0, 1), (1, 0), (2, 0), (3, 0)):
        match.apply(PointWand(seat, target))
    for seat, protego in ((1, False), (2, True), (3, False)):
        match.apply(CastSpell(seat, protego))


def test_the_reveal_is_told_one_seat_at_a_time_with_a_caption():
    match = match_of(PEOPLE_AND_BOTS)
    at_the_cast(match)
    app, driver, table = open_table(match, animation="Fast")
    driver.perform(table.gesture_for(CastSpell(0, False)))
    reveal = table.reveal
    assert reveal is not None and table.busy()
    captions, counts, shown_casts, frames = [], [], [], 0
    moves = len(match.log)
    while table.reveal is not None:
        caption = table.prompt()[0]
        if not captions or captions[-1] != caption:
            captions.append(caption)
        if table.countdown() is not None:
            counts.append(table.countdown()[0])
        shown_casts.append(sum(reveal.cast(seat) is not None for seat in range(4)))
        driver.frames(1)
        frames += 1
        assert len(match.log) == moves, "no bot moves while the reveal is told"
    assert captions == [
        "The Teacher's Pet counts to three... everyone casts at once!",
        "Ada casts Stupefy at Bram!",
        "Bram casts Stupefy at Ada!",
        "Cleo casts Protego!",
        "Dov's card was a Misfire: the wand goes down.",
        "Ada is stunned: flag down, and 1 Late token.",
        "Bram is stunned: flag down, and 1 Late token.",
        "Cleo is protected, but the flag goes down: no reward this round.",
        "Only Dov's flag stands: Dov takes all the rewards!",
    ]
    assert list(dict.fromkeys(counts)) == ["3", "2", "1"]
    assert all(0 <= b - a <= 1 for a, b in zip(shown_casts, shown_casts[1:], strict=False))  # one spell at a time
    speed = app.settings.animation_factor
    seconds = pacing.COUNT + 3 * pacing.CAST + pacing.QUIET_CAST + 3 * pacing.FALL + pacing.SHARE
    assert abs(frames - seconds / speed * 60) <= 3  # at the Settings' speed


def test_a_bots_rewards_are_taken_one_at_a_time_and_told():
    state = new(4, chouchou=1)
    play_round(state, spells={0: "stupefix", 2: "stupefix"}, targets={0: 2, 2: 0})  # only Bram and Dov stand
    set_row(state, ["points10", "points20", "potion", "faveur", "chouchou"])
    match = match_of(PEOPLE_AND_BOTS, start=to_json(state))
    app, driver, table = open_table(match, animation="Normal")
    takes: list[tuple[int, int]] = []  # (frame, seat) of each reward taken
    captions: list[str] = []
    for frame in range(400):
        log = [c for c in table.session.match.log if isinstance(c, TakeReward)]
        if len(log) > len(takes):
            takes.append((frame, log[-1].seat))
            captions.append(table.prompt()[0])
        if len(takes) == 3:
            break
        driver.frames(1)
    assert [seat for _, seat in takes] == [1, 3, 1]  # Bram (the Chouchou), Dov, Bram
    gaps = [b - a for (a, _), (b, _) in zip(takes, takes[1:], strict=False)]
    assert min(gaps) >= round(pacing.TAKE * 60) - 1  # each one told before the next bot moves
    assert captions[0].startswith("Bram takes ") and captions[1].startswith("Dov takes ")
    pygame.quit()


def test_a_forced_take_of_several_cards_of_one_kind_is_not_called_the_last_one():
    """With only one kind of reward left each take is forced, and each was told "(the last one)": four times in
    a row for four 10 Points cards (a players' review)."""
    state = new(4, chouchou=1)
    play_round(state, spells={0: "stupefix", 2: "stupefix"}, targets={0: 2, 2: 0})  # only Bram and Dov stand
    set_row(state, ["points10", "points10", "points10"])
    match = match_of(PEOPLE_AND_BOTS, start=to_json(state))
    app, driver, table = open_table(match, animation="Normal")
    captions: list[str] = []
    for _ in range(400):
        caption = table.prompt()[0]
        if "takes" in caption and caption not in captions:
            captions.append(caption)
        if sum(isinstance(c, TakeReward) for c in table.session.match.log) == 3 and len(captions) >= 3:
            break
        driver.frames(1)
    forced = [caption for caption in captions if "nothing else left to choose" in caption]
    assert len(forced) >= 2 and not any("the last one" in caption for caption in captions), captions
    pygame.quit()


def test_last_round_again_replays_the_round_on_the_table_and_comes_back():
    match = match_of(PEOPLE_AND_BOTS)
    at_the_cast(match)
    match.apply(CastSpell(0, False))  # the spells are cast: round 1's sharing begins
    app, driver, table = open_table(match, animation="Fast")
    assert table.again.visible and table.again.enabled and table.again.label == "Watch the last round again"
    driver.tap(table.again.rect.center)
    replay = app.scenes.top
    assert isinstance(replay, StupefixTable) and replay is not table and replay.replay_bar is not None
    assert replay.replay_bar.playing and replay.session.step < 4  # from the round's first moves, playing
    for _ in range(300):  # the round plays again, move by move, until its spells are told again
        if replay.reveal is not None:
            break
        driver.frames(1)
    assert replay.reveal is not None and replay.reveal.casts == ("stupefix", "stupefix", "protego", "rate")
    assert replay.prompt()[0].startswith("The Teacher's Pet counts")
    driver.tap(replay.bar[3].rect.center)  # Close
    assert app.scenes.top is table and table.session.match.log == match.log


def round_one_played(controllers: list[str]) -> Match:
    """Round 1 played (everyone too late, every flag standing), round 2's spells prepared: the Ready cue next."""
    match, seats = match_of(controllers), range(len(controllers))
    for seat in seats:
        match.apply(PrepareSpell(seat, "rate"))
    for seat in seats:
        match.apply(PointWand(seat, None))
    for seat in seats:
        match.apply(CastSpell(seat, False))
    while match.state.round == 1:
        match.apply(GAME.legal(match.state, match.to_act()[0])[0])
    for seat in seats:
        match.apply(PrepareSpell(seat, "rate"))
    return match


def test_watch_again_says_why_before_a_round_and_the_count_waits_while_watching():
    app, driver, table = open_table(match_of(PEOPLE_AND_BOTS))
    assert table.again.visible and not table.again.enabled
    driver.tap(table.again.rect.center)
    assert app.scenes.top is table and "nothing to watch again" in table.message
    app, driver, table = open_table(round_one_played(PEOPLE_AND_BOTS))
    assert table.cue() is not None and table.again.enabled
    driver.tap(table.ready_button.rect.center)
    driver.frames(60)
    assert table.countdown()[0] == "2"
    driver.tap(table.again.rect.center)  # in the middle of the count
    replay = app.scenes.top
    assert replay is not table and replay.replay_bar is not None
    driver.frames(240)  # longer than the whole count
    driver.tap(replay.bar[3].rect.center)  # Close
    driver.frames(2)
    assert app.scenes.top is table and table.countdown()[0] == "2"  # the count waited
    assert 0 not in {c.seat for c in table.session.match.log[-4:] if isinstance(c, PointWand)}


def test_two_people_at_a_public_table_watch_again_behind_the_privacy_screen():
    app, driver, table = open_table(round_one_played(["human", "human", "greedy", "greedy"]))
    if isinstance(app.scenes.top, PrivacyOverlay):
        driver.frames(50)
        driver.tap((640, 400))
    assert app.scenes.top is table and table.secrets_of is None  # the wands' phase: a public table
    driver.tap(table.again.rect.center)
    overlay = app.scenes.top
    assert isinstance(overlay, PrivacyOverlay) and app.scenes.visible() == [overlay]  # nothing of a seat shows
    replay = app.scenes.stack[-2]
    assert isinstance(replay, StupefixTable) and replay.replay_bar is not None and replay.session.shown_to is None
    # Only that person's view: the picker offered every person's, each behind a cover anyone could call up,
    # showing the spell they had prepared for the round in play (a privacy audit).
    assert replay.replay_bar.seats == [table.session.viewer]


def test_a_person_at_a_secret_choice_watches_again_only_their_own_view():
    """Two people: at round 2's secret spell, the replay's seat picker offered the other person too; they passed
    its cover, watched, closed it, and the table came back on the first person's open hand (a players' review,
    in Russian). The replay now shows only the person at the screen."""
    match = round_one_played(["human", "human", "greedy", "greedy"])
    while match.state.phase != "prepare":  # (the bots' answers and the sharing, to round 2's secret spells)
        seat = match.to_act()[0]
        match.apply(GAME.bot_types["greedy"]().choose(GAME.view(match.state, seat), Rng(seat)))
    app, driver, table = open_table(match)
    for _ in range(100):
        if isinstance(app.scenes.top, PrivacyOverlay):
            driver.frames(50)
            driver.tap((640, 400))
        elif app.scenes.top is table and table.panel is not None:
            break
        driver.frames(1)
    seat = table.view.seat
    assert table.secrets_of == seat and table.again.enabled
    driver.tap(table.again.rect.center)
    replay = app.scenes.top
    assert isinstance(replay, StupefixTable) and replay.replay_bar is not None
    assert replay.replay_bar.seats == [seat] and replay.session.viewer == seat
    pygame.quit()


def scored_position():
    """Round 3's sharing: urns, Potions, Favours and Late tokens where the houses' scores differ by category."""
    state = new(4, chouchou=0)
    play_round(state)
    state.round = 3
    set_row(state, ["points20", "faveur", "chouchou"])
    for seat, kinds in {0: ["potion"] * 3 + ["faveur"] * 2, 1: ["potion"], 2: ["faveur"]}.items():
        for kind in kinds:
            state.deck.remove(kind)
            if kind == "potion":
                state.potions[seat] += 1
            else:
                state.faveurs[seat] += 1
    for house, kinds in {"Gryffindor": ["points10", "points40"], "Hufflepuff": ["points20"]}.items():
        for kind in kinds:
            state.deck.remove(kind)
            state.urns[house].append(kind)
    state.retard = [0, 3, 1, 0]
    return state


def test_hovering_or_tapping_a_score_shows_its_breakdown_by_category():
    state = scored_position()
    assert state.houses[:3] == ["Gryffindor", "Ravenclaw", "Hufflepuff"]
    app, driver, table = open_table(match_of(PEOPLE_AND_BOTS, start=to_json(state)))
    tube = table.hits.rect_of("score", "Gryffindor")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tube.center, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(40)
    assert table.zoomed() == "score:Gryffindor"
    score = breakdown(table.view, "Gryffindor", table.session.names())
    assert [(category, points) for category, _, points in score.lines] == [
        ("Points", 50),
        ("Potions Master", 100),  # Ada has the most Successful Potions (3)
        ("Favour", 30),  # 2 Favour cards
    ]
    assert score.total == 180 and not score.final
    ravenclaw = breakdown(table.view, "Ravenclaw", table.session.names())
    assert ("Latecomer", -100) in [(category, points) for category, _, points in ravenclaw.lines]  # Bram: 3 Late
    # A tap (a finger) opens a house's breakdown beside it, and the next tap closes it.
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(4, 700), rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(2)
    assert table.zoomed() is None  # the mouse went away
    driver.fingers = True
    driver.tap(table.hits.rect_of("score", "Hufflepuff").center)
    assert table.zoomed() == "score:Hufflepuff"
    driver.tap(table.layout.banner.center)
    assert table.zoomed() is None


def test_one_language_at_a_time_english_with_french_only_as_subtitles(monkeypatch):
    """Everything the table draws through a round (the Ready cue, the panels, the reveal, the sharing, the
    enlarged cards) and the results are English; a French rulebook name shows only as a subtitle."""
    drawn = record_drawn(monkeypatch)
    match = match_of(PEOPLE_AND_BOTS)
    at_the_cast(match)
    app, driver, table = open_table(match, animation="Fast")
    for word in ("chouchou", "potion", "pet", "retard"):  # enlarged cards of the table
        table.zoom_face(word, 300)
    driver.perform(table.gesture_for(CastSpell(0, False)))
    for _ in range(900):  # the reveal, the sharing, and the next round's spell and Ready cue
        if table.view.round == 2 and table.cue() is not None:
            break
        if table.choice is not None:
            driver.perform(table.gesture_for(table.choice.view.legal[0]))
        driver.frames(2)
    assert table.cue() is not None
    driver.frames(2)
    finished = match_of(PEOPLE_AND_BOTS, seed=9)
    while finished.result() is None:
        seat = finished.to_act()[0]
        finished.apply(GAME.legal(finished.state, seat)[0])
    app, driver, table = open_table(finished)
    driver.frames(round(table.results_delay * 60) + 5)
    assert isinstance(app.scenes.top, ResultsScene)
    french = {entry["fr"].replace("{name}, ", "") for key, entry in TERMS.items() if not key.startswith("points")}
    french -= {entry["en"] for entry in TERMS.values()}  # ("Protego" is both)
    words = {"Stupéfix", "raté", "Réussie", "Faveur", "Chouchou", "Retard", "Drapeau", "Urne", "baguette", *french}
    mixed = [line for line in set(drawn) if not line.startswith("French rulebook:") and any(w in line for w in words)]
    assert "Successful Potion" in drawn and "Become Teacher's Pet" in " ".join(drawn)
    assert any(line.startswith("French rulebook: ") for line in drawn)
    assert mixed == []


def test_a_slow_press_on_ready_starts_the_count_and_enlarges_no_card_under_it():
    """A slow press on Ready (over the rewards) enlarged the reward card under it and the count never started
    (the diff's review). (The cue lies over the rewards only where the table has no free felt for it: eight seats
    at the largest interface scale in the smallest window.)"""
    match = round_one_played(PEOPLE_AND_BOTS + ["greedy"] * 4)
    app, driver, table = open_table(match, ui_scale=200, size=theme.MIN_SIZE)
    ready = table.ready_button.rect
    assert table.cue() is not None and table.hits.item_at(ready.center, "term") is not None  # (a reward under it)
    driver.down(ready.center)
    driver.frames(40)
    assert table.zoomed() is None
    driver.up(ready.center)
    driver.frames(3)
    assert table.cue() is None and table.live is not None and table.live.countdown is not None


def test_bots_secret_spells_made_at_once_take_no_settings_delay_each():
    """At 8 players the seven bots prepared their spells one after another, each after the Settings delay (0.7 s
    at Normal): five seconds of "preparing" tags turning "ready" twice a round, for choices nobody sees."""
    from tabletop.play.session import SECRET_DELAY

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Normal"))
    seats = [SeatInfo(name, "human" if seat == 0 else "medium") for seat, name in enumerate(NAMES[:8])]
    options = GAME.default_options(8)
    options["chouchou"] = 0
    app.go.table(Match(GAME, seats, options, 3))
    driver = Driver(app)
    match = app.scenes.stack[0].session.match
    start = app.now
    while sum(isinstance(command, PrepareSpell) and command.seat != 0 for command in match.log) < 7:
        driver.frames(1)
        assert app.now - start < 7 * app.settings.bot_delay, "the bots still wait the Settings delay each"
    assert app.now - start <= 7 * (SECRET_DELAY + 0.1) + 1.0
    pygame.quit()


def test_a_lone_bot_drafter_takes_its_rewards_without_the_settings_delay_each():
    """Everyone else cast Protego: one flag stands, and every reward is that player's whatever the order (the
    rulebook: "si vous êtes seul à participer au Partage, vous prenez toutes les Récompenses"); the bot took them
    one by one at the Settings delay, eleven seconds of forced picks."""
    from tests.stupefix_helpers import new, play_round

    state = new(4, seed=5)
    play_round(state, protego={0, 2, 3})
    assert state.phase == "draft" and state.standing == [False, True, False, False]
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Normal"))
    seats = [SeatInfo(name, "human" if seat == 0 else "medium") for seat, name in enumerate(NAMES[:4])]
    app.go.table(Match(GAME, seats, GAME.default_options(4), 5, start=to_json(state)))
    driver = Driver(app)
    match = app.scenes.stack[0].session.match
    start = app.now
    while match.state.phase == "draft":
        driver.frames(1)
        assert app.now - start < 4 * app.settings.bot_delay, "each pick still waits the Settings delay"
    pygame.quit()


def test_hard_bots_answer_no_sooner_than_their_search_takes():
    """A searching bot answers a forced move at once and thinks over the others: at the quick pace, a Hard bot's
    "ready" 0.18 s after the last one (against 0.7 s) told the table it held no Stupéfix. A Hard bot answers no
    sooner than its search budget, whatever the Settings (Instant here)."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo(name, "human" if seat == 0 else "hard") for seat, name in enumerate(NAMES[:4])]
    app.go.table(Match(GAME, seats, GAME.default_options(4), 3))
    driver = Driver(app)
    session = app.scenes.stack[0].session
    assert not session.answers_at_once(1)
    match = session.match
    while sum(isinstance(command, PrepareSpell) and command.seat != 0 for command in match.log) < 3:
        driver.frames(1)
    assert app.now >= 3 * GAME.search.hard_budget  # (each waited its search's time, whatever its thinking took)
    pygame.quit()
