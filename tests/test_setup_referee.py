"""A referee for the setup screens: every choice the four rulebooks give the players before play is offered there,
and the game Start begins is exactly the one chosen.

The screens are driven as a person would (``tests/ui_driver.py``, SDL's dummy driver): the menu, New game, the
game's Set up, taps on the setup's pickers (a NON-default value each time), Start; then the started game is read
through the game's protocol (the session's ``Match``: its seats, options and state, and the game's ``view``).

The choices, from the rulebooks (/work/shared/seeds; completions in /work/shared/rules, the rulebook wins), and how
the app offers each:

House Cup (seed 000; rules/house-cup-deck.md)
- Number of players: 2, 3 or 4 ("PlayersRounds: 2 players 4 rounds, 3 players 3 rounds, 4 players 4 rounds").
  App: the Players picker offers exactly 2, 3 and 4.
- Houses: "Each player chooses a house: Gryffindor, Slytherin, Hufflepuff or Ravenclaw", one crest each. App: a
  house picker per seat; taking a house another seat has swaps the two (two seats never share a house).
- First player: "Give the Sorting Hat token (the first-player token) to the youngest wizard." App: "Sorting Hat
  (first player)" lists the seats (default seat 1; the note says to give it to the youngest).
- With 2 or 3 players "we recommend removing from the deck 7 Potions cards and 3 Exploring the Castle cards". App:
  a recommendation is the players' choice: "Deck with 2 or 3 players", Recommended (58 cards: the cards
  rules/house-cup-deck.md names left in the box, the default) or Full deck (68); hidden with 4 players.

Stupéfix (seed 001; rules/stupefix.md)
- Number of players: 4 to 8 (supplement, SOURCED). App: the Players picker offers exactly 4..8.
- Houses and teams: "a house's players are a team" made up 1+1+1+1 / 2+1+1+1 / 2+2+2 / 2+2+2+1 / 2+2+2+2, teammates
  never side by side (supplement). App: a house picker per seat ("Usual houses" deals the make-up); Start stays off
  and the line under the panel says why while the houses break the make-up or seat teammates side by side.
- Handicap of a two-player house: 2 Stupéfix + 6 Sort raté and 1 Retard token each (supplement). App: by the houses.
- The first Chouchou: "Le joueur qui a eu les meilleures notes à l'école prend la tuile chouchou"; in the app
  "chosen at setup, default random" (supplement). App: "First Teacher's Pet": Random (default) or a seat.

House Cup Challenge (seed 002, a fragment; rules/house-cup-challenge.md)
- Number of players: 2-4 (supplement, SOURCED). App: the Players picker offers exactly 2, 3 and 4.
- Characters: "If no one was dealt the Harry Potter Character Card" (dealt, not chosen; supplement: "dealt at random").
  App: dealt by the deal, nothing to choose.
- The Wand: "Give the player portraying Harry Potter the Wand. If no one was dealt the Harry Potter Character Card,
  give the Wand to the youngest player." App: "Youngest player (the Wand without Harry)" lists the seats.
- The Prefect: "Assign one player to be the Prefect for this game. Give that player the Prefect Card and the P
  Token." App: "Prefect" lists the seats (default seat 1). (Was not offered: the first seat always was the Prefect.)
- "If there are only 2 players, give each player a Wand Bonus Token." App: by the number of players.

That's Wizard! (seed 003; rules/thats-wizard-cards.md)
- Mode: "a deck-design card game for two or four players": 1 vs 1, or Duos (2 vs 2). App: the Match picker offers
  exactly "1 vs 1 (best of three)" and "Duos (2 vs 2)".
- Spellbook: "consider selecting one of the premade decks ... Otherwise, to create your spellbook there are 3 rules"
  (seven spells; levels in order within a school; one spell per school and level). App: each seat's private
  picker lists the premade books of the mode and the books saved in the spellbook editor; a saved book that breaks
  a rule here (a Duos spell in 1 vs 1, a level 2 without its level 1) is listed "not legal here", says why in red,
  and cannot be chosen.
- Duos teams and pairs: "you and your ally will each sit across from a player on the opposite team"; "you and your
  ally ... share a single deck", so allies' books share no spell. App: seats 1 and 3 are Blue, 2 and 4 Yellow; seat 1
  meets seat 2 and seat 3 meets seat 4 in the first set (the seats people take are the pairing); allies' books that
  share a spell are refused at Start, on the shared screen, without naming a spell.
- "Choose either the blue deck or the yellow deck" ("Both decks contain the same cards"): the colour is the seat's
  (in Duos, the team's); nothing to choose that changes the game. The Side Board is chosen at each duel's start, at
  the table, not at setup.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from tabletop.core import Match
from tabletop.games import GAMES
from tabletop.games.house_cup.cards import ALL_CARDS
from tabletop.games.house_cup.cards import HOUSES as HC_HOUSES
from tabletop.games.stupefix.cards import HAND, HANDICAP_HAND, HANDICAP_RETARD, MAKEUP, STUPEFIX
from tabletop.games.thats_wizard.cards import CARDS as TW_CARDS
from tabletop.games.thats_wizard.cards import PREMADE
from tabletop.games.thats_wizard.spellbooks import check_spellbook, check_team
from tabletop.ui.app import App
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.setup_base import SetupBase, sentence
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.thats_wizard import store
from tabletop.ui.tables.thats_wizard.setup import CLASHES, BookPicker
from tabletop.ui.widgets import Choice
from tests.ui_driver import Driver, step_choice_to

# --- driving the setup screens -------------------------------------------------------------------------------


@contextmanager
def setup_of(game_id: str) -> Iterator[tuple[App, Driver, SetupBase]]:
    """The menu, New game, the game's Set up, by taps: the app, its driver and the setup scene."""
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", guides_offered=[game_id])
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    try:
        driver.frames(2)
        driver.tap(app.scenes.top.buttons[1].rect.center)  # New game
        newgame = app.scenes.top
        assert isinstance(newgame, NewGameScene)
        driver.tap(newgame.buttons[[game.id for game in newgame.entries].index(game_id)].rect.center)  # Set up
        setup = app.scenes.top
        assert isinstance(setup, SetupBase) and setup.game.id == game_id
        yield app, driver, setup
    finally:
        table = app.scenes.stack[0] if app.scenes.stack else None
        if isinstance(table, GameTable):
            table.session.close()  # (no bot thinking on after the test)
        pygame.quit()


def pick(driver: Driver, choice: Choice, value: str) -> None:
    """Step ``choice`` with taps on its right arrow until it shows ``value``."""
    assert value in choice.options, (value, choice.options)
    step_choice_to(driver, choice, choice.options.index(value))
    assert choice.value == value


def players(driver: Driver, setup: SetupBase, count: int) -> None:
    pick(driver, setup.players_choice, setup.count_label(count))
    assert len(setup.rows) == count


def type_deal(driver: Driver, setup: SetupBase, seed: int) -> None:
    driver.tap(setup.seed_field.rect.center)
    driver.type_text(str(seed))
    driver.key(pygame.K_RETURN)
    assert setup.seed == seed


def start(driver: Driver, setup: SetupBase) -> Match:
    """Start tapped: the match the table opened with."""
    driver.tap(setup.start.rect.center)
    table = driver.app.scenes.stack[0]
    assert isinstance(table, GameTable), f"Start did not begin a game: {setup.error!r}"
    match = table.session.match
    table.session.close()  # (the game is read, not played)
    return match


def refused(driver: Driver, setup: SetupBase) -> str:
    """Start tapped and refused: the setup is still on top; the line it shows."""
    driver.tap(setup.start.rect.center)
    assert driver.app.scenes.top is setup, "Start began a game the rules forbid"
    assert setup.error
    return setup.error


# --- every player count the rules allow, and no other --------------------------------------------------------

ALLOWED = {
    "house-cup": (2, 3, 4),
    "stupefix": (4, 5, 6, 7, 8),
    "house-cup-challenge": (2, 3, 4),
    "thats-wizard": (2, 4),
}


def test_the_referee_covers_every_game():
    assert set(ALLOWED) == set(GAMES)


def candidate_options(game_id: str, count: int) -> list[dict]:
    """Options for ``count`` seats that break no rule but the number of players: the game's defaults for the
    counts it takes, and the nearest count's defaults cut or stretched to ``count`` seats."""
    game = GAMES[game_id]
    nearest = min(ALLOWED[game_id], key=lambda n: abs(n - count))
    out = [game.default_options(count)] if count in ALLOWED[game_id] else []
    base = game.default_options(nearest)
    stretched = {key: (value * 3)[:count] if isinstance(value, list) else value for key, value in base.items()}
    return [*out, stretched]


@pytest.mark.parametrize("game_id", sorted(ALLOWED))
def test_every_player_count_the_rules_allow_is_offered_and_starts_and_no_other(game_id):
    allowed = ALLOWED[game_id]
    game = GAMES[game_id]
    for count in range(1, 10):  # the rules' own check: no other count starts, whatever the options
        for options in candidate_options(game_id, count):
            assert (game.check_options(count, options) is None) == (count in allowed), (count, options)
    with setup_of(game_id) as (app, driver, setup):
        assert setup.players_choice.options == [setup.count_label(n) for n in allowed]
        for count in allowed:
            players(driver, setup, count)
            for row in setup.rows:  # (bots only: nobody to choose in private; every book drawn)
                pick(driver, row.controller, "Bot: Easy")
            match = start(driver, setup)
            assert len(match.seats) == count and match.game.id == game_id
            assert [seat.controller for seat in match.seats] == ["easy"] * count
            app.go.setup(game)  # (back to a fresh setup of the same game, as Play again's New setup does)
            setup = app.scenes.top
            assert isinstance(setup, SetupBase)


# --- House Cup --------------------------------------------------------------------------------------------------


def test_house_cup_starts_with_the_houses_and_the_sorting_hat_chosen():
    with setup_of("house-cup") as (_app, driver, setup):
        players(driver, setup, 3)
        assert [row.house_key for row in setup.rows] == ["Gryffindor", "Slytherin", "Hufflepuff"]
        driver.tap(setup.rows[2].house.arrows()[1].center)  # Hufflepuff -> Ravenclaw, a house nobody has
        assert [row.house_key for row in setup.rows] == ["Gryffindor", "Slytherin", "Ravenclaw"]
        driver.tap(setup.rows[0].house.arrows()[0].center)  # Gryffindor -> Ravenclaw, seat 3's: the two swap
        houses = [row.house_key for row in setup.rows]
        assert houses == ["Ravenclaw", "Slytherin", "Gryffindor"]  # (never two seats on one house, none lost)
        hat = setup.first_choice
        assert hat.options == [row.shown_name() for row in setup.rows] and hat.index == 0
        pick(driver, hat, setup.rows[2].shown_name())  # the youngest sits in seat 3
        match = start(driver, setup)
    state = match.initial_state()  # (the game as Start began it: the bot in seat 3 may have placed already)
    assert match.options["houses"] == houses and state.houses == houses
    assert state.first == 2 and match.game.to_act(state) == (2,)  # the Sorting Hat's holder places first
    assert all(command.seat == 2 for command in match.log[:1])
    assert [seat.name for seat in match.seats] == houses  # (a seat left unnamed goes by its house)
    assert state.rounds == 3  # "3 players: 3 rounds"


@pytest.mark.parametrize(("count", "full", "removed"), [(2, False, 10), (3, True, 0), (4, False, 0)])
def test_house_cup_removes_the_recommended_cards_with_two_or_three_players(count, full, removed):
    """ "For a game with 2 or 3 players, we recommend removing from the deck 7 Potions cards and 3 Exploring the
    Castle cards": a recommendation, so the players may keep the full deck; 4 rounds with 2 or 4 players."""
    with setup_of("house-cup") as (_app, driver, setup):
        players(driver, setup, count)
        assert setup.deck_choice.visible == (count < 4) and setup.deck_choice.index == 0  # (recommended first)
        if full:
            pick(driver, setup.deck_choice, "Full deck (68 cards)")
        match = start(driver, setup)
    state = match.initial_state()  # (the game as Start began it: the bots may have moved since)
    assert len(state.box) == removed
    assert Counter(card.split("-")[0] for card in state.box) == (Counter(potions=7, castle=3) if removed else Counter())
    assert len(state.deck) + sum(map(len, state.days)) + len(state.box) == len(ALL_CARDS)
    assert sorted(state.houses) == sorted(HC_HOUSES[:count]) and state.rounds == {2: 4, 3: 3, 4: 4}[count]


# --- Stupéfix ---------------------------------------------------------------------------------------------------


def test_stupefix_starts_with_the_houses_the_teams_and_the_teachers_pet_chosen():
    with setup_of("stupefix") as (_app, driver, setup):
        players(driver, setup, 6)
        pet = setup.chouchou_choice
        assert pet.value == "Random"  # the supplement's default
        usual = [row.house_id() for row in setup.rows]
        assert sorted(set(usual)) == ["Gryffindor", "Hufflepuff", "Ravenclaw"]
        # Slytherin in Ravenclaw's place: the three houses of a six-player game are the players' choice
        for row in setup.rows:
            if row.house_id() == "Ravenclaw":
                pick(driver, row.house, "Slytherin")
        pick(driver, pet, setup.rows[3].shown_name())
        houses = [row.house_id() for row in setup.rows]
        assert houses == [{"Ravenclaw": "Slytherin"}.get(house, house) for house in usual]
        assert setup.start.enabled and not setup.error
        match = start(driver, setup)
    state = match.initial_state()  # (the game as Start began it: the bots may have moved since)
    assert match.options == {"houses": houses, "chouchou": 3}
    assert state.houses == houses and state.chouchou == 3
    for seat in range(6):  # every house has two players: every player has the handicap
        assert Counter(state.hands[seat])[STUPEFIX] == HANDICAP_HAND[STUPEFIX] and state.retard[seat] == HANDICAP_RETARD
    assert set(state.urns) == {"Gryffindor", "Hufflepuff", "Slytherin"}
    view = match.game.view(state, 0)
    assert view.chouchou == 3


def test_stupefix_refuses_houses_that_break_the_teams_and_loses_nothing():
    with setup_of("stupefix") as (_app, driver, setup):
        players(driver, setup, 5)
        pet = setup.chouchou_choice
        pick(driver, pet, setup.rows[4].shown_name())
        houses = [row.house_id() for row in setup.rows]
        assert sorted(Counter(houses).values(), reverse=True) == list(MAKEUP[5])
        # seat 2 joins seat 1's house: teammates side by side, and the make-up is 2+2+1 (not 2+1+1+1)
        pick(driver, setup.rows[1].house, setup.rows[0].house.value)
        assert not setup.start.enabled and "made up 2+1+1+1" in setup.error
        error = refused(driver, setup)
        assert "made up 2+1+1+1" in error
        assert pet.value == setup.rows[4].shown_name()  # nothing else lost
        driver.tap(setup.arrange.rect.center)  # Usual houses: the make-up the rules ask for again
        assert [row.house_id() for row in setup.rows] == houses and setup.start.enabled
        match = start(driver, setup)
    state = match.initial_state()  # (the game as Start began it: the bots may have moved since)
    assert state.houses == houses and state.chouchou == 4
    pair = next(house for house, n in Counter(houses).items() if n == 2)
    for seat, house in enumerate(houses):  # the handicap is the two-player house's only
        hand = HANDICAP_HAND if house == pair else HAND
        assert Counter(state.hands[seat])[STUPEFIX] == hand[STUPEFIX]
        assert state.retard[seat] == (HANDICAP_RETARD if house == pair else 0)


def test_stupefix_refuses_teammates_side_by_side():
    game = GAMES["stupefix"]
    with setup_of("stupefix") as (_app, driver, setup):
        players(driver, setup, 6)
        houses = [row.house_id() for row in setup.rows]
        # two neighbours' houses swapped: the make-up stays 2+2+2, but two teammates now sit side by side
        seat = next(
            s for s in range(5) if game.check_options(6, {"houses": swapped(houses, s), "chouchou": None}) is not None
        )
        pick(driver, setup.rows[seat].house, setup.rows[seat + 1].house.value)
        pick(driver, setup.rows[seat + 1].house, house_label(houses[seat]))
        problem = game.check_options(6, {"houses": swapped(houses, seat), "chouchou": None})
        assert problem is not None and "never sit side by side" in problem
        assert not setup.start.enabled
        assert refused(driver, setup) == sentence(problem)


def swapped(houses: list[str], seat: int) -> list[str]:
    out = list(houses)
    out[seat], out[seat + 1] = out[seat + 1], out[seat]
    return out


def house_label(house: str) -> str:
    from tabletop.games.stupefix.cards import house_name

    return house_name(house)


# --- House Cup Challenge ----------------------------------------------------------------------------------------


def deal_where(count: int, harry: bool) -> int:
    """A deal number whose characters include Harry (``harry``) or not, with ``count`` players."""
    game = GAMES["house-cup-challenge"]
    for seed in range(1, 200):
        state = game.setup(count, game.default_options(count), seed)
        if any(person.character == "harry" for person in state.players) == harry:
            return seed
    raise AssertionError("no such deal")


def test_house_cup_challenge_starts_with_the_prefect_and_the_youngest_chosen():
    seed = deal_where(2, harry=False)
    with setup_of("house-cup-challenge") as (_app, driver, setup):
        players(driver, setup, 2)
        youngest, prefect = setup.youngest, setup.prefect  # type: ignore[attr-defined]
        names = [row.shown_name() for row in setup.rows]
        assert youngest.options == names and prefect.options == names
        assert youngest.index == 0 and prefect.index == 0
        pick(driver, youngest, names[1])
        pick(driver, prefect, names[1])
        type_deal(driver, setup, seed)
        match = start(driver, setup)
    state = match.initial_state()  # (the game as Start began it: the bots may have moved since)
    assert match.options["prefect"] == 1 and match.options["youngest"] == 1 and match.options["characters"] is None
    assert state.prefect == 1 and match.game.view(state, 0).prefect == 1
    assert all(p.character != "harry" for p in state.players) and state.wand == 1  # no Harry: the youngest
    assert [p.wand_token for p in state.players] == ["up", "up"]  # "only 2 players": a Wand Bonus Token each
    assert len({p.character for p in state.players}) == 2  # dealt, each a different character


def test_house_cup_challenge_gives_harry_the_wand_whoever_is_youngest():
    seed = deal_where(3, harry=True)
    with setup_of("house-cup-challenge") as (_app, driver, setup):
        players(driver, setup, 3)
        pick(driver, setup.youngest, setup.rows[2].shown_name())  # type: ignore[attr-defined]
        pick(driver, setup.prefect, setup.rows[2].shown_name())  # type: ignore[attr-defined]
        type_deal(driver, setup, seed)
        match = start(driver, setup)
    state = match.initial_state()  # (the game as Start began it: the bots may have moved since)
    harry = next(seat for seat, p in enumerate(state.players) if p.character == "harry")
    assert state.wand == harry and state.prefect == 2
    assert all(p.wand_token == "" for p in state.players)  # three players: no Wand Bonus Token


# --- That's Wizard! ---------------------------------------------------------------------------------------------

BUILT = ["shock", "tongue_tie", "stun", "silence", "paralyze", "explosion", "regenerate"]


def saved(name: str, spells: list[str], duos: bool = False) -> list[str]:
    store.save_book(name, spells, duos)
    return spells


def choose(driver: Driver, setup, seat: int, title: str) -> BookPicker:
    """The seat's private picker opened, ``title`` tapped and Choose tapped: the picker (closed if it took it)."""
    driver.tap(setup.rows[seat].pick.rect.center)
    picker = driver.app.scenes.top
    assert isinstance(picker, BookPicker)
    driver.tap(picker.list.row_rect(title).center)
    assert picker.books[picker.chosen][0] == title
    driver.tap(picker.choose.rect.center)
    return picker


def test_thats_wizard_starts_1_vs_1_with_a_premade_and_a_built_spellbook_chosen():
    assert not check_spellbook(BUILT, False), check_spellbook(BUILT, False)
    built = saved("Quick Hands", BUILT)
    with setup_of("thats-wizard") as (_app, driver, setup):
        assert setup.players_choice.value == "1 vs 1 (best of three)" and len(setup.rows) == 2
        pick(driver, setup.rows[1].controller, "Human")
        choose(driver, setup, 0, "The Prodigy")  # (the default book of seat 1 is The Dark Lord)
        choose(driver, setup, 1, "Quick Hands")  # one the players built
        assert all(row.chosen for row in setup.rows)
        match = start(driver, setup)
    state = match.initial_state()  # (the game as Start began it: the bots may have moved since)
    assert state.players == 2 and state.pairs == [[0, 1]]
    assert state.books == [list(PREMADE["The Prodigy"]), built]
    assert match.options["book_names"] == ["The Prodigy", "Quick Hands"]
    assert state.win_target == 2  # "the first player to gain two victory tokens"


@pytest.mark.parametrize(
    ("spells", "why"),
    [
        (["stun", "silence", "paralyze", "explosion", "regenerate", "shock", "energize"], "Duos"),  # a Duos spell
        (["tongue_tie", "stun", "silence", "paralyze", "explosion", "regenerate", "brittlebones"], "Rule 2"),
    ],
)
def test_thats_wizard_refuses_a_spellbook_that_breaks_the_building_rules(spells, why):
    problems = check_spellbook(spells, False)
    assert problems and any(why in problem for problem in problems), problems
    saved("Broken Book", spells)
    with setup_of("thats-wizard") as (_app, driver, setup):
        choose(driver, setup, 0, "The Prodigy")
        picker = choose(driver, setup, 0, "Broken Book")
        assert driver.app.scenes.top is picker and not picker.choose.enabled  # not taken
        index = [title for title, _spells, _problem in picker.books].index("Broken Book")
        assert picker.list.rows[index][1] == "not legal here" and picker.books[index][2] == problems[0]
        driver.tap(picker.cancel.rect.center)
        assert driver.app.scenes.top is setup
        assert setup.rows[0].book == "The Prodigy" and setup.rows[0].chosen  # nothing lost
        match = start(driver, setup)
    assert match.initial_state().books[0] == list(PREMADE["The Prodigy"])


def test_thats_wizard_duos_starts_with_the_teams_and_books_chosen_and_refuses_allies_sharing_a_spell():
    with setup_of("thats-wizard") as (_app, driver, setup):
        players(driver, setup, 4)
        pick(driver, setup.rows[2].controller, "Human")
        choose(driver, setup, 0, "The Crone")
        choose(driver, setup, 2, "The Dark Lord")  # Share Pain and Reflect in both: allies share one deck
        assert check_team([PREMADE["The Crone"], PREMADE["The Dark Lord"]])
        assert refused(driver, setup) == CLASHES[0]
        for name in ("share_pain", "reflect"):  # the shared screen names no spell
            assert TW_CARDS[name].name.lower() not in setup.error.lower()
        assert [row.book for row in setup.rows[::2]] == ["The Crone", "The Dark Lord"]  # nothing lost
        choose(driver, setup, 2, "The Prodigy")
        match = start(driver, setup)
    state = match.initial_state()  # (the game as Start began it: the bots may have moved since)
    assert state.players == 4 and state.win_target == 3  # "the first team to gain three victory tokens"
    assert state.books[0] == list(PREMADE["The Crone"]) and state.books[2] == list(PREMADE["The Prodigy"])
    assert state.pairs == [[0, 1], [2, 3]]  # each faces a player of the other team
    view = match.game.view(state, 0)
    assert [list(pair) for pair in view.pairs] == [[0, 1], [2, 3]]  # (the View says so too)
    for team in (0, 1):  # the bots' drawn books too: legal, and allies share no spell
        books = [state.books[team], state.books[team + 2]]
        assert not check_team(books) and not any(check_spellbook(book, True) for book in books)
