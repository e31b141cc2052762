"""Player-visible paths of the game tables that no other test drove (found by running the whole suite under coverage
with branches): each is played here through real pygame events posted to the real table, and what the person sees
is checked.

House Cup Challenge: a failed Test's chain of panels (Fawkes, Expelliarmus, the setback's discard, the step back
chosen on the board), Fawkes' second try, the boost panel counting down the discards left (with and without a bonus
card to flip), a move past a card by Harry's gift or the Invisibility Cloak (the panel names each way), the
Polyjuice Potion onto a space three characters share. Stupéfix: a hand on a wand it may not point (a bot's, one
already pointed), a wand dropped on its own seat before the cast, and away from it during the cast. House Cup: a
token or card let go while moving where it cannot go (motion on, the default: no test had ever tossed one), a tap on
a day before a token is chosen, on another day's card. That's Wizard!: Transference's choice of amount (Duos), a
paralyzed person's banner and hand, a premade book's strategy button in the side-board panel.
"""

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.games import GAMES
from tabletop.games.house_cup.events import PlaceToken
from tabletop.games.house_cup_challenge import events as ev
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup.overlays import PlayerCardsOverlay
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable
from tests.house_cup_challenge_positions import position
from tests.ui_driver import at_table

CHALLENGE = GAMES["house-cup-challenge"]
TW = GAMES["thats-wizard"]


def challenge_table(state, controllers=("human", "greedy", "greedy", "greedy")):
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo(name, c) for name, c in zip(("Ada", "Ben", "Cleo", "Dev"), controllers, strict=False)]
    match = Match(CHALLENGE, seats, CHALLENGE.default_options(len(seats)), 1, start=to_json(state))
    driver, table = at_table(app, match)
    assert isinstance(table, ChallengeTable)
    return driver, table


def buttons(table):
    return {option.button: option.command for option in table.panel.options if option.button}


def failing_fluffy(specials=("fawkes", "expelliarmus")):
    """Harry (all abilities 1) about to play Fluffy (Test S3 or H3) onto his own space, two cards left in hand."""
    state = position(
        cells=["C6", "H7", "H7", "H7"],
        hands=[["Y1-06", "Y1-01", "Y1-02"], [], [], []],
        abilities=[[1, 1, 1]] * 4,
        specials=[list(specials), [], [], []],
    )
    driver, table = challenge_table(state)
    driver.perform(table.gesture_for(ev.PlayHere(0, "Y1-06")))
    driver.perform(table.gesture_for(ev.Check(0)))  # no boost: S 1 against S 3
    return driver, table


def test_a_failed_test_asks_fawkes_then_expelliarmus_then_the_setbacks_discard_and_step_back_on_the_board():
    driver, table = failing_fluffy()
    match = table.session.match
    panel = table.panel
    assert panel is not None and panel.title == "You failed the Test"
    assert "Fawkes the Phoenix can give one more try with +2" in panel.explain
    assert buttons(table) == {
        "Flip Fawkes: try again with +2": ev.UseFree(0, "fawkes"),
        "Do not flip it": ev.Decline(0),
    }
    driver.perform(table.gesture_for(ev.Decline(0)))
    panel = table.panel
    assert panel is not None and panel.title == "You failed the Test" and "Expelliarmus can cancel" in panel.explain
    assert buttons(table) == {
        "Flip Expelliarmus: no setback": ev.UseFree(0, "expelliarmus"),
        "Do not flip it": ev.Decline(0),
    }
    driver.perform(table.gesture_for(ev.Decline(0)))
    panel = table.panel
    assert panel is not None and panel.title == "Setback"
    assert panel.explain == "You failed Fluffy the Three-Headed Dog. Discard one card of your choice."
    assert {option.command for option in panel.options} == {ev.Discard(0, "Y1-01"), ev.Discard(0, "Y1-02")}
    driver.perform(table.gesture_for(ev.Discard(0, "Y1-02")))
    assert match.log[-1] == ev.Discard(0, "Y1-02") and match.state.players[0].hand == ["Y1-01"]
    # Played onto his own space, he steps to any connected space without a card: asked beside the board, lit on it
    panel = table.panel
    assert panel is not None and panel.docked and panel.title == "Setback"
    assert panel.explain.startswith("Step to a connected space without a card")
    assert buttons(table) == {f"Go to {name}": ev.Retreat(0, cell) for name, cell in spaces(("B6", "D6", "C7"))}
    assert table.lit_cells() == {"B6", "D6", "C7"}
    driver.tap(table.layout.cells["D6"].center)  # the space tapped on the board, not the button
    assert ev.Retreat(0, "D6") in match.log and match.state.players[0].cell == "D6"
    assert table.panel is None or table.panel.title != "Setback"
    assert match.state.board.get("C6") == "Y1-06" and match.state.players[0].completed == []
    pygame.quit()


def spaces(cells):
    from tabletop.games.house_cup_challenge.board import name

    return [(name(cell), cell) for cell in cells]


def test_fawkes_flipped_after_a_failed_test_tries_again_with_two_more_and_completes_the_card():
    driver, table = failing_fluffy(specials=("fawkes",))
    match = table.session.match
    driver.perform(table.gesture_for(ev.UseFree(0, "fawkes")))
    assert ev.UseFree(0, "fawkes") in match.log
    player = match.state.players[0]
    assert player.completed == ["Y1-06"] and "fawkes" not in player.specials_up  # S 1 + 2 = 3
    assert player.cell == "C6" and "C6" not in match.state.board
    pygame.quit()


def test_a_move_past_a_card_by_harrys_gift_or_the_cloak_is_offered_by_name_and_the_one_chosen_is_played():
    """Harry (abilities 1, the Invisibility Cloak face up) walks from B6 past Fluffy (C6) to E6: two moves end there,
    one spending The Boy Who Lived, one the Cloak; the panel says which is which."""
    state = position(
        cells=["B6", "H7", "H7", "H7"],
        board={"C6": "Y1-06"},
        specials=[["cloak"], [], [], []],
        abilities=[[1, 1, 1]] * 4,
    )
    driver, table = challenge_table(state)
    match = table.session.match
    by_cloak = ev.Move(0, ("C6", "D6", "E6"), ("cloak",))
    driver.perform(table.gesture_for(by_cloak))  # the drag onto E6
    assert match.log == [] and table.panel is not None
    from tabletop.games.house_cup_challenge.board import name

    space = name("E6")
    assert buttons(table) == {
        f"Go to {space}, walking past with The Boy Who Lived": ev.Move(0, ("C6", "D6", "E6"), ("harry",)),
        f"Go to {space}, walking past with Invisibility Cloak": by_cloak,
    }
    driver.perform(table.gesture_for(by_cloak))
    assert match.log[0] == by_cloak
    player = match.state.players[0]
    assert player.cell == "E6" and not player.harry_used and "cloak" not in player.specials_up
    pygame.quit()


def test_the_polyjuice_potion_onto_a_space_three_characters_share_asks_whom_to_swap_with():
    state = position(cells=["A5", "H7", "H7", "H7"], specials=[["polyjuice"], [], [], []])
    driver, table = challenge_table(state)
    match = table.session.match
    with_cleo = ev.UseSpecial(0, "polyjuice", other=2)
    driver.perform(table.gesture_for(with_cleo))  # the chip, then the space
    assert match.log == [] and table.panel is not None
    assert buttons(table) == {
        f"Polyjuice Potion: swap with {name}": ev.UseSpecial(0, "polyjuice", other=seat)
        for seat, name in ((1, "Ben"), (2, "Cleo"), (3, "Dev"))
    }
    driver.perform(table.gesture_for(with_cleo))
    assert match.log[0] == with_cleo
    assert match.state.players[0].cell == "H7" and match.state.players[2].cell == "A5"
    pygame.quit()


def boosting_fluffy(hand, specials):
    """Harry (abilities 1) has played Fluffy (Test S3 or H3) onto his own space: the boost panel is open."""
    state = position(
        cells=["C6", "H7", "H7", "H7"],
        hands=[["Y1-06", *hand], [], [], []],
        abilities=[[1, 1, 1]] * 4,
        specials=[list(specials), [], [], []],
    )
    driver, table = challenge_table(state)
    driver.perform(table.gesture_for(ev.PlayHere(0, "Y1-06")))
    assert table.panel is not None and table.panel.title == "Boost the encounter?"
    return driver, table


def boost_and_read(driver, table, command):
    driver.perform(table.gesture_for(command))
    assert command in table.session.match.log
    assert table.panel is not None and table.panel.title == "Boost the encounter?"
    return table.panel.explain


@pytest.mark.parametrize("leviosa", [True, False])
def test_the_boost_panel_counts_down_the_discards_left_and_offers_a_flip_only_while_one_is_there(leviosa):
    """Two cards discarded, the panel says no more may be, and offers the flip of Wingardium Leviosa only while it
    is face up; the flip that passes the Test says so."""
    driver, table = boosting_fluffy(["Y1-01", "Y1-02"], ["leviosa"] if leviosa else [])
    flip = "flip bonus cards" if leviosa else "boost it, or check the Test"
    assert table.panel.explain.endswith(f"Discard up to 2 cards {'or ' if leviosa else 'to '}{flip}.")
    said = boost_and_read(driver, table, ev.Boost(0, "Y1-01", "S"))
    assert "You have Skill 2, Honor 1." in said
    assert said.endswith(f"Discard up to 1 more card {'or ' if leviosa else 'to '}{flip}.")
    said = boost_and_read(driver, table, ev.Boost(0, "Y1-02", "H"))
    assert "You have Skill 2, Honor 2." in said
    if leviosa:
        assert said.endswith("No more cards may be discarded: flip bonus cards, or check the Test.")
        said = boost_and_read(driver, table, ev.Boost(0, "leviosa", ""))
        assert said.endswith("That passes the Test: check it now.") and "Skill 3" in said
    else:
        assert said.endswith("No more cards may be discarded: check the Test.")
        assert buttons(table) == {"Check the Test now": ev.Check(0)}
    driver.perform(table.gesture_for(ev.Check(0)))
    assert table.session.match.state.players[0].completed == (["Y1-06"] if leviosa else [])
    pygame.quit()


def test_a_flip_that_falls_short_with_an_empty_hand_leaves_only_the_check():
    driver, table = boosting_fluffy([], ["leviosa"])
    assert "You have no cards to discard: flip bonus cards, or check the Test." in table.panel.explain
    said = boost_and_read(driver, table, ev.Boost(0, "leviosa", ""))
    assert said.endswith("Skill 2, Honor 1. You have no cards to discard: check the Test."), said
    assert buttons(table) == {"Check the Test now": ev.Check(0)}
    pygame.quit()


# --- Stupéfix: a hand on a wand it may not point, and a wand dropped where the phase does not take it ---------


def test_a_wand_that_cannot_be_pointed_now_or_dropped_where_it_does_nothing_says_why():
    from tabletop.games.stupefix.events import CastSpell, PointWand
    from tests.stupefix_ui_helpers import table_for as stupefix_table
    from tests.stupefix_ui_helpers import until

    def pointed(table):
        return {c.seat: c.target for c in table.session.match.log if isinstance(c, PointWand)}

    app, driver, table = stupefix_table(["human", "greedy", "greedy", "greedy"], seed=12)
    until(driver, table, lambda: table.session.phase == "target" and table.live is not None)
    driver.tap(table.cue().button.rect.center)  # Ready: the count starts
    driver.drag(table.wand_grip(1), table.layout.seats[0].rect.center)  # a bot's wand
    assert table.message == "That is Bram's wand: a bot points it."
    own = table.layout.seats[0].rect
    driver.drag(table.wand_grip(0), (own.centerx - own.width // 4, own.centery))  # one's own seat: not yet
    assert 0 not in pointed(table) and table.message.startswith("Protego comes later, when the spells are cast")
    driver.drag(table.wand_grip(0), table.layout.seats[1].rect.center)
    assert pointed(table)[0] == 1
    driver.drag(table.wand_grip(0), table.layout.seats[3].rect.center)  # pointed once: it stays
    assert pointed(table)[0] == 1 and table.message == "Ada's wand points at Bram already."
    until(driver, table, lambda: table.panel is not None and table.choice.kind == "cast", limit=600)
    driver.drag(table.wand_grip(0), table.layout.seats[3].rect.center)  # the cast: Protego is one's own seat
    assert table.message == "For Protego, bring your wand back onto your own seat, or press Protego."
    assert not any(isinstance(c, CastSpell) and c.seat == 0 for c in table.session.match.log)
    pygame.quit()


# --- House Cup: a token or card let go in the wrong place slides and comes home; taps that say what to do ------


def house_cup_table(state=None, animation="Off", seed=3):
    game = GAMES["house-cup"]
    houses = ["Gryffindor", "Slytherin"]
    app = App((1280, 800), settings=Settings(volume=0.0, animation=animation, bot_speed="Instant"))
    seats = [SeatInfo(house, controller) for house, controller in zip(houses, ["human", "greedy"], strict=True)]
    start = to_json(state) if state is not None else None
    driver, table = at_table(app, Match(game, seats, {"houses": houses, "first": 0}, seed, start=start))
    assert isinstance(table, HouseCupTable)
    return driver, table


def toss(driver, table, start, end):
    """Dragged from ``start`` and let go at ``end`` while still moving (no hold: a toss); the frames until the thing
    tossed is at rest again, and where it was drawn each frame."""
    driver.drag(start, end, steps=4, hold_at_end=0)
    assert table.tossed is not None, "let go while moving, it slides on"
    path = []
    for _ in range(240):
        if table.tossed is None:
            break
        path.append(table.tossed.toss.position)
        driver.frames(1)
    assert table.tossed is None, "it came to rest"
    return path


def test_a_token_or_card_tossed_where_it_cannot_go_slides_settles_and_goes_home_and_nothing_is_played():
    """With motion on (the default), a refused drop tosses the thing on with its speed; no test had ever let go of
    one with motion on."""
    driver, table = house_cup_table(animation="Normal")
    assert table.can_place()
    home = table.token_rect(2).center
    w, h = driver.size()
    path = toss(driver, table, home, (w - 140, h // 2 - 100))  # right of the timetable, under no day
    assert table.message == "Drop the token under a day of the timetable, Monday to Friday."
    assert len(path) > 1 and path[-1] != path[0], "it slid"
    assert all(0 <= x <= w and 0 <= y <= h for x, y in path), "inside the table"
    assert table.session.match.log == [] and 2 in table.view.held[0]
    driver.frames(90)  # it glides home
    assert table.token_rect(2).center == home and not table.busy()
    driver.perform(table.gesture_for(PlaceToken(0, 1, 2)))  # and is still played as usual
    assert table.session.match.log[0] == PlaceToken(0, 1, 2)

    from tests.house_cup_positions import position, taking

    state = taking(position(houses=["Gryffindor", "Slytherin"], days={0: ["potions-1", "charms-1"]}), 0, [(0, 3)])
    driver, table = house_cup_table(state, animation="Normal")
    assert table.can_take()
    card = table.hits.rect_of("card", "potions-1")
    toss(driver, table, card.center, (card.centerx, card.centery - 60))  # up, not down to one's cards
    assert table.message == "Drag the card down to your cards, or just tap it, to take it."
    assert table.session.match.log == [] and "potions-1" in table.view.days[0]
    driver.frames(90)
    assert table.hits.rect_of("card", "potions-1") == card
    pygame.quit()


def test_a_tap_on_a_day_before_a_token_or_on_another_days_card_says_what_to_do_and_ones_own_card_opens_them():
    driver, table = house_cup_table()
    driver.tap(table.layout.headers[2].center)
    assert table.message == "First choose one of your tokens, then the day to place it under."
    assert table.session.match.log == []

    from tests.house_cup_positions import position, taking

    days = {0: ["potions-1", "charms-1"], 3: ["potions-2"]}
    state = taking(position(houses=["Gryffindor", "Slytherin"], tableau=[["castle-1"], []], days=days), 0, [(0, 3)])
    driver, table = house_cup_table(state)
    driver.tap(table.hits.rect_of("card", "potions-2").center)  # Thursday's card on Monday
    assert table.message == "Take the cards of Monday: they are lit up."
    assert table.session.match.log == []
    driver.tap(table.hits.rect_of("card", "castle-1").center)  # one's own card: all of them, large
    assert isinstance(driver.app.scenes.top, PlayerCardsOverlay)
    assert table.session.match.log == []
    pygame.quit()


# --- That's Wizard!: Transference's choice of how much to give, and a paralyzed person's round -------------------


def test_transference_asks_how_much_stamina_to_give_the_ally_by_buttons_and_gives_the_one_tapped():
    from tabletop.games.thats_wizard.events import Transfer
    from tests.thats_wizard_positions import duel, play_round, tracker
    from tests.thats_wizard_ui_helpers import open_table

    duos = ["The Sorceress", "The Constable", "The Prophet", "The Rogue"]  # blue 0 & 2, yellow 1 & 3
    state = duel(duos, [["transference"], None, None, None])
    tracker(state, 2, 15, 10)
    play_round(state, {0: ("transference", 2)})
    assert state.prompt is not None and state.prompt.kind == "transfer"
    app, driver, table = open_table(["human", "medium", "medium", "medium"], start=state)
    panel = table.panel
    assert panel is not None
    assert [option.button for option in panel.options] == ["1", "2", "3", "4", "5", "6"]
    stamina = table.view.wizards[0].stamina, table.view.wizards[2].stamina
    driver.perform(table.gesture_for(Transfer(0, 4)))
    assert Transfer(0, 4) in table.session.match.log
    assert (table.session.match.state.wizards[0].stamina, table.session.match.state.wizards[2].stamina) == (
        stamina[0] - 4,
        stamina[1] + 4,
    )
    pygame.quit()


def test_a_paralyzed_persons_banner_and_hand_say_they_sit_this_round_out():
    from tests.thats_wizard_positions import duel, play_round

    state = duel(["The Dark Lord", "The Crone"], [["paralyze", "explosion"], None])
    play_round(state, {0: ("paralyze", 3), 1: None})
    assert state.paralyzed == [1]
    # (a bot at its own pace: an instant one's card of the round ends the paralysis before a look)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Relaxed"))
    seats = [SeatInfo("Morgana", "medium"), SeatInfo("Merlin", "human")]
    driver, table = at_table(app, Match(TW, seats, TW.default_options(2), 5, to_json(state)))
    assert table.session.match.log == [] and table.view.seat == 1 and not table.can_choose()
    assert table.instruction() == "Merlin, you are paralyzed this round."
    rect = table.hits.rect_of("hand", table.view.hand[0])
    driver.tap((rect.centerx, rect.top + 16))
    assert table.message == "You are paralyzed this round: no card, no turn."
    assert table.selected is None and not any(c.seat == 1 for c in table.session.match.log)
    pygame.quit()


def test_a_premade_books_strategy_button_picks_its_side_board_and_confirm_sets_it_aside():
    from tabletop.games.thats_wizard.events import ChooseSideBoard
    from tests.thats_wizard_ui_helpers import open_table

    app, driver, table = open_table(["human", "medium"])
    panel = table.panel
    assert panel is not None
    presets = [option for option in panel.options if option.picks and option.picks[0].row == "preset"]
    assert presets, "a premade book offers its strategies"
    preset = presets[-1]
    out = preset.command.cards
    assert isinstance(preset.command, ChooseSideBoard) and len(out) == 2
    driver.tap(panel.rows["preset"][out].rect.center)
    assert sorted(panel.picked) == sorted(out), "the strategy picks its two cards"
    assert panel.command() == preset.command
    driver.tap(panel.confirm.rect.center)
    assert preset.command in table.session.match.log  # (the bot may have chosen first)
    pygame.quit()
