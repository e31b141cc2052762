"""That's Wizard! against its rulebook, rule by rule: the findings of a rule-by-rule audit, each driven through the
protocol (GAME.setup/legal/apply/view) and each failing on the rules core before its fix."""

from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.events import Pass, TakePlace, Transfer
from tabletop.games.thats_wizard.state import Lasting
from tabletop.games.thats_wizard.text import describe
from tests.thats_wizard_positions import duel, of_type, play_round, settle, tracker

NAMES = ["Morgana", "Merlin"]
DUOS = ["The Sorceress", "The Constable", "The Prophet", "The Rogue"]  # blue 0 & 2, yellow 1 & 3; 0 v 1, 2 v 3


def lasting_on(seat: int, *cards: str) -> list[Lasting]:
    """Lasting spells of the other wizard lying on ``seat`` since round 0, with tokens to spare."""
    return [Lasting(1 - seat % 2, card, [seat], 3, 3, False, 0, []) for card in cards]


def lost(events, source: str) -> list[tuple[int, int]]:
    return [(e.seat, e.amount) for e in of_type(events, ev.StaminaLost) if e.source == source]


def test_a_shock_caster_whose_opponent_takes_no_turn_chooses_to_go_first_or_second():
    """The rulebook's Shock answer: "When your opponent doesn't take a turn, you can choose to go first or go
    second." The app counted the caster first without asking (the +1 always); now the caster is asked, the
    first place is the suggestion, and going second deals P without the +1."""
    state = duel(["The Boy Wizard", "The Dark Lord"], [["shock"], ["explosion", "reflect"]])
    play_round(state, {0: ("shock", 2), 1: None})  # Merlin passes: no turn
    prompt = state.prompt
    assert prompt is not None and (prompt.kind, prompt.seat, prompt.target) == ("shock", 0, 1)
    assert GAME.legal(state, 0) == [TakePlace(0, 0), TakePlace(0, 1)]
    assert GAME.view(state, 0).suggestion == TakePlace(0, 0)
    assert GAME.check_state(state) == []
    events = GAME.apply(state, TakePlace(0, 1))
    [chosen] = of_type(events, ev.PlaceChosen)
    line = "Morgana chooses to go second, as their opponent takes no turn: Shock gets no +1."
    assert describe(chosen, NAMES) == line
    assert state.wizards[1].stamina == 18  # 2, no +1

    play_round(state, {0: ("shock", 1), 1: ("reflect", 5)})  # Reflect at 5: an illegal play, so no turn again
    assert state.prompt is not None and state.prompt.kind == "shock"
    GAME.apply(state, TakePlace(0, 0))
    assert state.wizards[1].stamina == 16  # 1 + 1 going first


def test_a_shock_asks_nothing_when_the_opponent_takes_a_turn_or_it_is_turned_back():
    """Going first is then the turn order's (or, turned back on its caster, never: no +1), so there is no choice."""
    state = duel(["The Boy Wizard", "The Dark Lord"], [["shock"], ["explosion", "reflect"]])
    play_round(state, {0: ("shock", 1), 1: ("explosion", 3)})
    assert state.prompt is None and state.wizards[1].stamina == 18  # Shock first: 1 + 1
    state = duel(["The Boy Wizard", "The Dark Lord"], [["shock"], ["explosion", "reflect"]])
    state.lasting.append(_confusion_on(0))
    tracker(state, 0, 20, 10)
    events = play_round(state, {0: ("shock", 3), 1: None})
    assert state.prompt is None and state.wizards[0].stamina == 17  # turned back: 3, no +1
    assert not of_type(events, ev.PlaceChosen)


def _confusion_on(seat: int) -> Lasting:
    return Lasting(1 - seat, "confusion", [seat], 2, 5, False, 0, [])


def test_the_table_offers_the_shock_choice_in_its_choice_panel():
    """The choice panel shows the new choice with the tie's words (Go first, Go second), and a tap on Go second
    gives the caster's command."""
    import pygame

    from tests.thats_wizard_ui_helpers import act, open_table, pass_screen

    state = duel(["The Boy Wizard", "The Dark Lord"], [["shock"], ["explosion", "reflect"]])
    app, driver, table = open_table(["human", "human"], start=state)
    picks = {0: ev.Play(0, "shock", 2), 1: Pass(1)}  # Merlin passes: no turn
    for _turn in range(2):
        pass_screen(driver)
        act(driver, table, picks[table.view.seat])
        driver.frames(30)
    pass_screen(driver)
    panel = table.panel
    prompt = table.view.prompt
    assert panel is not None and prompt is not None and prompt.kind == "shock" and table.view.seat == 0
    assert panel.title == "Shock: your opponent takes no turn"
    assert [button.label for button in panel.direct] == ["Go first", "Go second"]
    driver.tap(panel.direct[1].rect.center)
    driver.frames(2)
    match = table.session.match
    assert match.log[-1] == TakePlace(0, 1) and match.state.wizards[1].stamina == 18  # 2, no +1
    pygame.quit()


def test_a_paralyzed_opponent_takes_no_turn_and_the_shock_caster_chooses_too():
    """The Shock answer names the paralyzed opponent first ("If my opponent is paralyzed, passed their turn or made
    an illegal play"): the Prodigy's Paralyze, then Shock, asks the caster as a pass does."""
    state = duel(["The Prodigy", "The Dark Lord"], [["paralyze", "shock"], ["explosion", "reflect"]])
    play_round(state, {0: ("paralyze", 3), 1: None})
    assert state.paralyzed == [1]
    play_round(state, {0: ("shock", 1)})
    assert state.prompt is not None and state.prompt.kind == "shock" and state.prompt.seat == 0
    events = GAME.apply(state, TakePlace(0, 0))
    assert lost(events, "shock") == [(1, 2)]


# --- rules only random games pinned: direct tests (they pass on the code before the audit too) -------------------


def test_counterspells_stamina_cost_is_neither_damage_nor_fatigue():
    """Counterspell's answer: "The Stamina loss effect of Counterspell does not count as Fatigue or Damage": under
    Brittlebones and Fear its cost is still 1, and Embrace Pain gives no Power for it."""
    state = duel(["The Crone", "The Dark Lord"], [None, ["explosion"]])
    state.lasting += lasting_on(0, "brittlebones", "fear")
    state.lasting.append(Lasting(0, "embrace_pain", [0], 3, 4, False, 0, []))
    tracker(state, 0, 20, 5)
    events = play_round(state, {0: "counterspell", 1: ("explosion", 3)})
    assert lost(events, "counterspell") == [(0, 1)]
    assert state.wizards[0].power == 5 and state.wizards[0].stamina == 19


def test_transference_is_no_fatigue_and_the_ally_stops_at_twenty():
    """Transference's answers: its "voluntary Stamina loss ... does not count as Fatigue or Damage" (Fear adds
    nothing, Embrace Pain gives nothing), and the ally cannot go above 20 Stamina."""
    state = duel(DUOS, [["transference"], None, None, None])
    state.lasting += lasting_on(0, "fear")
    state.lasting.append(Lasting(0, "embrace_pain", [0], 3, 4, False, 0, []))
    tracker(state, 0, 15, 8)
    tracker(state, 2, 17, 10)
    play_round(state, {0: ("transference", 2)})
    assert state.prompt is not None and state.prompt.kind == "transfer"
    events = GAME.apply(state, Transfer(0, 5))
    assert lost(events, "transference") == [(0, 5)]
    assert (state.wizards[0].stamina, state.wizards[0].power) == (10, 6)  # 8 less the dial's 2, and no more
    assert state.wizards[2].stamina == 20


def test_a_stun_drains_a_focusing_wizard_before_the_focus_refills():
    """Stun's answer: "The effect of Focus happens at the end of the round; they will not regain Power until after
    the effect of your Stun card has been resolved": Merlin at 2 Power loses them and takes the 1 missing as
    Damage, then Focus brings him back to 10."""
    state = duel(["The Crone", "The Dark Lord"], [["stun"], None])
    tracker(state, 1, 20, 2)
    events = play_round(state, {0: ("stun", 1), 1: "focus"})
    assert lost(events, "stun") == [(1, 1)]
    assert (state.wizards[1].stamina, state.wizards[1].power) == (19, 10)


def test_an_imprison_cast_in_the_round_its_casters_duel_ends_stays_for_the_allys_duel():
    """Imprison's answer: "If your ally is still dueling, Imprison will stay in play and take effect normally. It
    will be returned to your hand after its lasting effect token is removed or your ally's duel ends"."""
    state = duel(DUOS, [["explosion"], ["imprison"], None, None])
    tracker(state, 1, 1, 10)
    events = play_round(state, {0: ("explosion", 4), 1: ("imprison", 3)})  # Imprison at 3 goes first
    assert [(e.winner, e.loser) for e in of_type(events, ev.DuelWon)] == [(0, 1)]
    [item] = [item for item in state.lasting if item.card == "imprison"]
    assert (item.owner, item.targets, item.tokens) == (1, [0, 2], 1)  # placed in clean-up all the same
    tracker(state, 2, 20, 1)
    events = play_round(state, {2: "focus"})  # the Prophet is imprisoned: the Focus gives no Power
    settle(state)
    assert state.wizards[2].power == 1
    assert not any(item.card == "imprison" for item in state.lasting) and "imprison" in state.wizards[1].hand
