"""The five actions, encounters and their outcomes, bypassing and every Special Card, through the protocol."""

import copy
import dataclasses
import random

import pytest

from tabletop.core import IllegalCommand
from tabletop.core.codec import to_json
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import NEIGHBOURS
from tabletop.games.house_cup_challenge.events import (
    Boost,
    Check,
    ChooseEncounterer,
    Decline,
    Discard,
    DrawCards,
    Move,
    Pass,
    PlayHere,
    PlayThere,
    Retreat,
    UseFree,
    UseSpecial,
    WandBonus,
)
from tabletop.games.house_cup_challenge.moves import handed_out
from tests.house_cup_challenge_positions import position

HARRY, HERMIONE, RON, NEVILLE = 0, 1, 2, 3


def kinds(events):
    return [type(e).__name__ for e in events]


def refused(state, command, match):
    before = to_json(state)
    with pytest.raises(IllegalCommand, match=match):
        GAME.apply(state, command)
    assert to_json(state) == before


# --- Draw 2 Cards ------------------------------------------------------------------------------------------


def test_draw_two_and_hermione_draws_three():
    state = position(deck_top=["Y1-01", "Y1-02", "Y1-03"])
    GAME.apply(state, DrawCards(HARRY))
    assert state.players[HARRY].hand == ["Y1-01", "Y1-02"]
    assert GAME.to_act(state) == (HERMIONE,)
    GAME.apply(state, DrawCards(HERMIONE))
    assert len(state.players[HERMIONE].hand) == 3 and state.players[HERMIONE].hand[0] == "Y1-03"


def test_drawing_from_an_empty_deck_reshuffles_the_discard_and_from_two_empty_piles_draws_nothing():
    state = position()
    state.discard.extend(state.draw)
    state.draw.clear()
    events = GAME.apply(state, DrawCards(HARRY))
    assert "Reshuffled" in kinds(events) and len(state.players[HARRY].hand) == 2
    state = position(empty_piles=True)
    events = GAME.apply(state, DrawCards(HARRY))
    drawn = [e for e in events if isinstance(e, ev.CardsDrawn) and e.to == (HARRY,)]
    assert drawn[0].count == 0 and state.players[HARRY].hand == []
    assert GAME.check_state(state) == []


def test_other_seats_see_only_how_many_cards_were_drawn():
    state = position(deck_top=["Y1-01", "Y1-02"])
    events = GAME.apply(state, DrawCards(HARRY))
    told = [e for e in events if isinstance(e, ev.CardsDrawn)]
    assert told[0].to == (HARRY,) and told[0].cards == ("Y1-01", "Y1-02")
    assert told[1].to == (1, 2, 3) and told[1].cards is None and told[1].count == 2
    assert GAME.view(state, HERMIONE).players[HARRY].hand is None


# --- Move --------------------------------------------------------------------------------------------------


def test_moving_up_to_three_spaces_and_passing_through_other_characters():
    state = position(cells=["A5", "B5", "B4", "H7"])
    destinations = {c.path[-1] for c in GAME.legal(state, HARRY) if isinstance(c, Move)}
    assert destinations == {"B5", "B4", "B6", "A4", "C4", "B3", "A6", "C6", "B7"}
    GAME.apply(state, Move(HARRY, ("B5", "B4", "C4")))
    assert state.players[HARRY].cell == "C4"


def test_entering_a_card_ends_the_move_with_an_encounter_and_a_pass_completes_it():
    state = position(cells=["A5", "H7", "H7", "H7"], board={"B6": "Y1-24"})  # Peeves: S1 / H1
    refused(state, Move(HARRY, ("B5", "B6", "C6")), "walk past")  # must stop, or say how it walks past
    events = GAME.apply(state, Move(HARRY, ("B5", "B6")))
    assert "EncounterStarted" in kinds(events) and "AdventureCompleted" in kinds(events)
    harry = state.players[HARRY]
    assert harry.completed == ["Y1-24"] and harry.vp == 4 and state.track == 4
    assert len(harry.hand) == 1  # Draw 1
    assert "B6" not in state.board


def test_walking_past_a_card_the_character_passes_and_stopping_on_it_without_an_encounter():
    state = position(cells=["A5", "H7", "H7", "H7"], board={"B6": "Y1-24"})
    GAME.apply(state, Move(HARRY, ("B5", "B6", "C6"), ("able",)))
    assert state.players[HARRY].cell == "C6" and state.board["B6"] == "Y1-24"
    state = position(cells=["A5", "H7", "H7", "H7"], board={"B6": "Y1-24"})
    events = GAME.apply(state, Move(HARRY, ("B5", "B6"), ("able",)))
    assert "EncounterStarted" not in kinds(events) and state.players[HARRY].cell == "B6"


def test_a_card_the_character_cannot_pass_blocks_the_path():
    state = position(cells=["H7", "A5", "H7", "H7"], board={"B5": "Y3-04"}, actor=HERMIONE)  # H3 against H1
    refused(state, Move(HERMIONE, ("B5", "B4"), ("able",)), "do not pass")
    assert all(c.path == ("B5",) for c in GAME.legal(state, HERMIONE) if isinstance(c, Move))


def test_harry_walks_past_once_per_round():
    state = position(cells=["A5", "H7", "H7", "H7"], board={"B5": "Y3-04", "B6": "Y5-09"})
    legal = GAME.legal(state, HARRY)
    assert Move(HARRY, ("B5", "B6"), ("harry",)) in legal  # encounters the second card
    assert Move(HARRY, ("B5", "B4"), ("harry",)) in legal
    refused(state, Move(HARRY, ("B5", "B6", "C6"), ("harry", "harry")), "once per round")
    GAME.apply(state, Move(HARRY, ("B5", "B4"), ("harry",)))
    assert state.players[HARRY].harry_used and state.players[HARRY].cell == "B4"


def test_the_invisibility_cloak_walks_past_and_turns_face_down():
    specials = [[], ["cloak"], [], []]
    state = position(cells=["H7", "A5", "H7", "H7"], board={"B5": "Y3-04"}, specials=specials, actor=HERMIONE)
    GAME.apply(state, Move(HERMIONE, ("B5", "B4"), ("cloak",)))
    assert state.players[HERMIONE].specials_down == ["cloak"] and state.players[HERMIONE].cell == "B4"


def test_standing_on_a_card_is_no_encounter_leaving_and_coming_back_is():
    state = position(cells=["B6", "H7", "H7", "H7"], board={"B6": "Y1-24"})
    legal = GAME.legal(state, HARRY)
    assert Move(HARRY, ("C6", "B6")) in legal  # back in: an encounter
    assert Move(HARRY, ()) not in legal and Pass(HARRY) in legal  # moving 0 is passing
    refused(state, Move(HARRY, ()), "at least one space")
    GAME.apply(state, Move(HARRY, ("C6", "B6")))
    assert state.players[HARRY].completed == ["Y1-24"]


def test_a_walk_legal_does_not_list_is_refused_out_and_back_or_back_over_its_own_spaces():
    """``legal`` lists one path for each distinct move; ``apply`` refuses any other walk, and says why."""
    state = position(cells=["A5", "H7", "H7", "H7"])
    legal = GAME.legal(state, HARRY)
    for walk, why in (
        (("B5", "A5"), "ends where it began"),  # out and back to an empty start: nothing changes
        (("B5", "B4", "B5"), "goes this way: Fat Lady's Portrait"),  # back over its own space to a listed end
    ):
        assert Move(HARRY, walk) not in legal
        refused(state, Move(HARRY, walk), why)
    GAME.apply(state, Move(HARRY, ("B5",)))  # the listed way there
    assert state.players[HARRY].cell == "B5"


def test_only_the_moves_legal_hands_out_skip_the_check_against_the_list():
    """``apply`` takes a Move object ``legal`` handed out as listed (the list is not worked out again); the same
    walk built anew (read from a log, the bot program's answer) is checked, and refused when unlisted."""
    state = position(cells=["A5", "H7", "H7", "H7"])
    listed = [command for command in GAME.legal(state, HARRY) if isinstance(command, Move)]
    assert listed and all(handed_out(command) for command in listed)
    assert not any(handed_out(dataclasses.replace(command)) for command in listed)  # equal, not the same object
    assert not handed_out(Move(HARRY, ("B5", "A5")))
    GAME.apply(copy.deepcopy(state), dataclasses.replace(listed[0]))  # a copy of a listed move is accepted


def walk_variants(path: tuple[str, ...], start: str) -> list[tuple[str, ...]]:
    """Walks near ``path``: one step more each way, back over the last step, and its last step taken elsewhere."""
    before = path[-2] if len(path) > 1 else start
    longer = [path + (cell,) for cell in NEIGHBOURS[path[-1]]]
    elsewhere = [path[:-1] + (cell,) for cell in NEIGHBOURS[before] if cell != path[-1]]
    return [*longer, path + (before,), *elsewhere]


def test_in_random_positions_apply_accepts_only_the_walks_legal_lists():
    rng = random.Random(11)
    state = GAME.setup(4, GAME.default_options(4), 5)
    tried = 0
    for ply in range(400):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        if ply % 8 == 0:
            start = state.players[seat].cell
            walks = [c for c in legal if isinstance(c, (Move, UseSpecial)) and c.path]
            for command in rng.sample(walks, min(3, len(walks))):
                for path in walk_variants(command.path, start):
                    for bypass in {command.bypass, command.bypass[:-1], (*command.bypass, "able")}:
                        variant = dataclasses.replace(command, path=path, bypass=bypass)
                        if variant not in legal:
                            tried += 1
                            with pytest.raises(IllegalCommand):
                                GAME.apply(copy.deepcopy(state), variant)
        GAME.apply(state, rng.choice(legal))
    assert tried > 300


def test_failing_after_a_move_retreats_to_the_space_entered_from_and_discards_a_chosen_card():
    state = position(
        cells=["H7", "A5", "H7", "H7"], hands=[[], ["Y1-01", "Y1-02"], [], []], board={"B6": "Y5-09"}, actor=HERMIONE
    )
    GAME.apply(state, Move(HERMIONE, ("B5", "B6")))  # The Inquisitorial Squad: S5 against S1
    assert state.tasks[-1].phase == "boost"  # two cards could boost, so the choice is offered
    GAME.apply(state, Check(HERMIONE))
    assert {c.card for c in GAME.legal(state, HERMIONE)} == {"Y1-01", "Y1-02"}
    GAME.apply(state, Discard(HERMIONE, "Y1-02"))
    hermione = state.players[HERMIONE]
    assert hermione.cell == "B5" and hermione.hand == ["Y1-01"] and state.board["B6"] == "Y5-09"
    assert "Y1-02" in state.discard
    assert GAME.to_act(state) == (RON,)  # the move's remaining step is lost, the action is over


def test_a_hospital_setback_sends_to_the_hospital_wing_even_onto_a_card_without_an_encounter():
    state = position(cells=["H7", "A5", "H7", "H7"], board={"A6": "Y1-07", "F3": "Y2-12"}, actor=HERMIONE)
    events = GAME.apply(state, Move(HERMIONE, ("B5", "B6", "A6")))  # the Troll: S3, Hospital; no cards to boost
    assert state.players[HERMIONE].cell == "F3"
    assert kinds(events).count("EncounterStarted") == 1 and state.board["F3"] == "Y2-12"


def test_boosts_discard_at_most_two_cards_ron_adds_two_each():
    hand = ["Y1-01", "Y1-02", "Y1-03"]
    state = position(cells=["H7", "H7", "C6", "H7"], hands=[[], [], hand, []], board={"C7": "Y1-28"}, actor=RON)
    GAME.apply(state, Move(RON, ("C7",)))  # Quirrell: H3 + K2 against Ron's K1 H1
    GAME.apply(state, Boost(RON, "Y1-01", "H"))
    GAME.apply(state, Boost(RON, "Y1-02", "K"))
    refused(state, Boost(RON, "Y1-03", "H"), "at most 2")
    refused(state, Boost(RON, "Y1-03", "S"), "at most 2")
    GAME.apply(state, Check(RON))
    ron = state.players[RON]
    assert ron.completed == ["Y1-28"] and ron.hand == ["Y1-03"]  # H 1+2=3, K 1+2=3: a pass


def test_a_boost_that_is_not_enough_still_costs_the_card():
    state = position(
        cells=["H7", "D7", "H7", "H7"], hands=[[], ["Y1-01", "Y1-02"], [], []], board={"E7": "Y2-16"}, actor=HERMIONE
    )
    GAME.apply(state, Move(HERMIONE, ("E7",)))
    refused(state, Boost(HERMIONE, "Y1-01", "K"), "abilities the Test names")
    GAME.apply(state, Boost(HERMIONE, "Y1-01", "S"))
    GAME.apply(state, Check(HERMIONE))
    hermione = state.players[HERMIONE]
    assert hermione.hand == []  # one boost card, then the setback's discard (the only card: no choice)
    assert hermione.cell == "F3" and set(state.discard) >= {"Y1-01", "Y1-02"}


def test_free_bonus_specials_and_fawkes_retries_with_two_more():
    specials = [[], ["remembrall", "fawkes", "expelliarmus", "sword"], [], []]
    state = position(cells=["H7", "C6", "H7", "H7"], board={"C7": "Y1-28"}, specials=specials, actor=HERMIONE)
    GAME.apply(state, Move(HERMIONE, ("C7",)))  # Quirrell H3 + K2 against K3 H1
    legal = GAME.legal(state, HERMIONE)
    assert Boost(HERMIONE, "sword", "H") in legal and Boost(HERMIONE, "remembrall", "K") in legal
    GAME.apply(state, Check(HERMIONE))  # no boost: fails, Fawkes is offered
    assert GAME.legal(state, HERMIONE) == [UseFree(HERMIONE, "fawkes"), Decline(HERMIONE)]
    GAME.apply(state, UseFree(HERMIONE, "fawkes"))  # H 1+2 = 3, K 3+2: passes
    assert state.players[HERMIONE].completed == ["Y1-28"]
    assert "fawkes" in state.players[HERMIONE].specials_down


def test_expelliarmus_cancels_the_setback():
    specials = [[], ["expelliarmus"], [], []]
    state = position(
        cells=["H7", "D7", "H7", "H7"],
        hands=[[], ["Y1-01"], [], []],
        board={"E7": "Y2-16"},
        specials=specials,
        actor=HERMIONE,
    )
    GAME.apply(state, Move(HERMIONE, ("E7",)))
    GAME.apply(state, Check(HERMIONE))
    GAME.apply(state, UseFree(HERMIONE, "expelliarmus"))
    hermione = state.players[HERMIONE]
    assert hermione.cell == "E7" and hermione.hand == ["Y1-01"] and state.board["E7"] == "Y2-16"


# --- Play a card -------------------------------------------------------------------------------------------


def test_play_to_your_own_space_alone_encounters_at_once():
    state = position(cells=["C3", "H7", "H7", "H7"], hands=[["Y1-01"], [], [], []])
    assert PlayHere(HARRY, "Y1-01") in GAME.legal(state, HARRY)
    GAME.apply(state, PlayHere(HARRY, "Y1-01"))
    assert state.players[HARRY].completed == ["Y1-01"] and state.players[HARRY].abilities["H"] == 3


def test_play_to_your_space_only_where_the_card_says_and_never_onto_a_card():
    state = position(cells=["C4", "H7", "H7", "H7"], hands=[["Y1-01", "Y1-24"], [], [], []], board={"C3": "Y1-26"})
    refused(state, PlayHere(HARRY, "Y1-01"), "cannot be played on Corridor C4")
    refused(state, PlayThere(HARRY, "Y1-01", "C3"), "already holds")
    refused(state, PlayHere(HARRY, "Y1-99"), "no such")
    refused(state, PlayThere(HERMIONE, "Y1-24", "D4"), "turn")


def test_sharing_your_space_you_choose_who_encounters_and_they_cannot_walk_past_it():
    state = position(cells=["C3", "C3", "C3", "H7"], hands=[["Y1-01"], [], [], []])
    GAME.apply(state, PlayHere(HARRY, "Y1-01"))
    assert GAME.legal(state, HARRY) == [ChooseEncounterer(HARRY, t) for t in (HARRY, HERMIONE, RON)]
    GAME.apply(state, ChooseEncounterer(HARRY, RON))
    assert state.players[RON].completed == ["Y1-01"] and state.players[RON].vp == 4


def test_play_to_another_space_draws_three_and_an_ambush_hits_the_chosen_character():
    hand = ["Y2-16"]
    state = position(
        cells=["A5", "H7", "E7", "E7"], hands=[hand, [], ["Y1-01", "Y1-02"], []], deck_top=["Y1-05", "Y1-06", "Y1-08"]
    )
    GAME.apply(state, PlayThere(HARRY, "Y2-16", "E7"))
    assert GAME.legal(state, HARRY) == [ChooseEncounterer(HARRY, RON), ChooseEncounterer(HARRY, NEVILLE)]
    GAME.apply(state, ChooseEncounterer(HARRY, RON))
    assert GAME.to_act(state) == (RON,)  # Ron makes the encounter's choices
    GAME.apply(state, Check(RON))
    GAME.apply(state, Discard(RON, "Y1-02"))
    assert state.players[RON].cell == "F3"  # the Basilisk's setback: the Hospital Wing
    assert state.players[NEVILLE].cell == "E7"  # the other character is not affected
    assert state.players[HARRY].hand == ["Y1-05", "Y1-06", "Y1-08"]  # the bonus, after the encounter


def test_a_card_played_onto_you_that_you_fail_lets_you_choose_where_to_step():
    state = position(cells=["A5", "H7", "C6", "H7"], hands=[["Y1-06"], [], [], []], board={"B6": "Y1-25"})
    GAME.apply(state, PlayThere(HARRY, "Y1-06", "C6"))  # Fluffy: S3 / H3 wins, Ron has S3
    assert state.players[RON].completed == ["Y1-06"]
    state = position(
        cells=["A5", "C6", "H7", "H7"], hands=[["Y1-06"], ["Y1-01", "Y1-02"], [], []], board={"B6": "Y1-25"}
    )
    GAME.apply(state, PlayThere(HARRY, "Y1-06", "C6"))
    GAME.apply(state, Check(HERMIONE))
    GAME.apply(state, Discard(HERMIONE, "Y1-01"))
    assert GAME.legal(state, HERMIONE) == [Retreat(HERMIONE, "D6"), Retreat(HERMIONE, "C7")]  # B6 has a card
    GAME.apply(state, Retreat(HERMIONE, "C7"))
    assert state.players[HERMIONE].cell == "C7"


# --- Special Cards (Action) --------------------------------------------------------------------------------


def with_special(card, cell="A5", board=None, actor=HARRY, cells=None):
    specials = [[], [], [], []]
    specials[actor] = [card]
    cells = cells or [cell if seat == actor else "H7" for seat in range(4)]
    return position(cells=cells, specials=specials, board=board or {}, actor=actor)


def test_marauders_map_moves_five_walking_past_everything():
    state = with_special("map", board={"B5": "Y3-04", "C4": "Y5-09"}, actor=HERMIONE)
    GAME.apply(state, UseSpecial(HERMIONE, "map", ("B5", "B4", "C4", "C3", "D3")))  # (the way legal lists)
    assert state.players[HERMIONE].cell == "D3" and state.players[HERMIONE].specials_down == ["map"]
    assert len(state.board) == 2


def test_nimbus_moves_five_with_the_usual_encounters():
    state = with_special("nimbus", board={"D4": "Y1-24"})
    GAME.apply(state, UseSpecial(HARRY, "nimbus", ("B5", "B4", "C4", "D4")))
    assert state.players[HARRY].completed == ["Y1-24"]
    state = with_special("nimbus")
    refused(state, UseSpecial(HARRY, "nimbus", ("B5", "B4", "C4", "D4", "E4", "F4")), "at most 5")


def test_the_map_and_the_nimbus_refuse_a_walk_legal_does_not_list():
    for card in ("map", "nimbus"):
        state = with_special(card)
        for walk, why in ((("B5", "A5"), "ends where it began"), (("B5", "B4", "B5"), "goes this way")):
            assert UseSpecial(HARRY, card, walk) not in GAME.legal(state, HARRY)
            refused(state, UseSpecial(HARRY, card, walk), why)


def test_firebolt_flies_to_the_top_rows_and_a_failed_arrival_returns_to_the_space_left():
    state = with_special("firebolt", board={"G1": "Y2-05"}, actor=HERMIONE)
    refused(state, UseSpecial(HERMIONE, "firebolt", cell="H1"), "Shrieking Shack")
    GAME.apply(state, UseSpecial(HERMIONE, "firebolt", cell="G1"))  # Rogue Bludger S4, Hospital
    assert state.players[HERMIONE].cell == "F3"
    state = with_special("firebolt", board={"B2": "Y3-14"}, actor=HERMIONE)
    GAME.apply(state, UseSpecial(HERMIONE, "firebolt", cell="B2"))  # Dementors at the Lake: H5, standard
    assert state.players[HERMIONE].cell == "A5"


def test_floo_powder_goes_to_its_four_spaces_and_arrival_is_an_encounter():
    state = with_special("floo", cell="G7", board={"C3": "Y1-01"})
    targets = {c.cell for c in GAME.legal(state, HARRY) if isinstance(c, UseSpecial)}
    assert targets == {"C3", "D3", "H7", "A5"}
    GAME.apply(state, UseSpecial(HARRY, "floo", cell="C3"))
    assert state.players[HARRY].completed == ["Y1-01"]


def test_time_turner_gives_two_more_actions_without_special_cards_and_with_the_bonus_draw():
    state = position(
        cells=["C3", "H7", "H7", "H7"], hands=[["Y1-26"], [], [], []], specials=[["timeturner", "hedwig"], [], [], []]
    )
    GAME.apply(state, UseSpecial(HARRY, "timeturner"))
    assert GAME.to_act(state) == (HARRY,)
    assert not any(isinstance(c, UseSpecial) for c in GAME.legal(state, HARRY))
    GAME.apply(state, PlayThere(HARRY, "Y1-26", "H2"))
    assert len(state.players[HARRY].hand) == 3
    GAME.apply(state, Pass(HARRY))
    assert GAME.to_act(state) == (HERMIONE,)


def test_polyjuice_swaps_without_encounters_and_accio_and_hedwig():
    state = position(cells=["A5", "C4", "H7", "H7"], specials=[["polyjuice"], [], [], []], board={"C4": "Y1-24"})
    GAME.apply(state, UseSpecial(HARRY, "polyjuice", other=HERMIONE))
    assert state.players[HARRY].cell == "C4" and state.players[HERMIONE].cell == "A5"
    assert state.players[HARRY].completed == []
    state = position(
        cells=["A5", "H7", "H7", "H7"], specials=[["accio"], [], [], []], board={"C4": "Y1-24", "G6": "Y1-25"}
    )
    assert {c.cell for c in GAME.legal(state, HARRY) if isinstance(c, UseSpecial)} == {"C4"}
    refused(state, UseSpecial(HARRY, "accio", cell="G6"), "3 connections")
    GAME.apply(state, UseSpecial(HARRY, "accio", cell="C4"))
    assert state.players[HARRY].hand == ["Y1-24"] and "C4" not in state.board
    state = position(specials=[["hedwig"], [], [], []], deck_top=["Y1-01", "Y1-02", "Y1-03"])
    GAME.apply(state, UseSpecial(HARRY, "hedwig"))
    assert state.players[HARRY].hand == ["Y1-01", "Y1-02", "Y1-03"]


def test_a_face_down_or_free_special_cannot_be_used_as_an_action():
    state = position(specials=[["cloak", "hedwig"], [], [], []])
    refused(state, UseSpecial(HARRY, "cloak"), "not used with an action")
    state.players[HARRY].specials_up.remove("hedwig")
    state.players[HARRY].specials_down.append("hedwig")
    refused(state, UseSpecial(HARRY, "hedwig"), "face down")


def test_a_special_card_takes_only_what_it_is_used_with():
    """The contract test found Hedwig used with a seat of 1,000,000 and the Floo Powder with a path: refused."""
    state = position(cells=["C4", "H7", "H7", "H7"], specials=[["hedwig", "floo", "polyjuice"], [], [], []])
    refused(state, UseSpecial(HARRY, "hedwig", other=1_000_000), "Hedwig takes no other")
    refused(state, UseSpecial(HARRY, "floo", path=("no-such-card",), cell="A2"), "takes no path")
    refused(state, UseSpecial(HARRY, "polyjuice", bypass=("no-such-card",), other=HERMIONE), "takes no bypass")


# --- Rewards ---------------------------------------------------------------------------------------------


def test_ability_rewards_stop_at_ten_and_neville_gets_two_from_year_three():
    state = position(cells=["C3", "H7", "H7", "C3"], hands=[["Y1-01"], [], [], ["Y4-01"]])
    state.players[HARRY].abilities["H"] = 10
    GAME.apply(state, PlayHere(HARRY, "Y1-01"))
    assert state.players[HARRY].abilities["H"] == 10
    state = position(
        cells=["H7", "H7", "H7", "C3"],
        hands=[[], [], [], ["Y4-01"]],
        actor=NEVILLE,
        abilities=[[1, 1, 1]] * 3 + [[5, 5, 5]],
    )
    state.year = 3
    state.draw += state.year_decks.pop(2) + state.year_decks.pop(3)
    GAME.apply(state, PlayHere(NEVILLE, "Y4-01"))
    assert state.players[NEVILLE].abilities["H"] == 7


def test_special_reward_takes_the_top_special_or_two_cards_when_none_is_left():
    state = position(cells=["D2", "H7", "H7", "H7"], hands=[["Y1-04"], [], [], []], abilities=[[3, 3, 3]] * 4)
    top = state.special_deck[-1]
    GAME.apply(state, PlayHere(HARRY, "Y1-04"))
    assert state.players[HARRY].specials_up == [top]
    state = position(cells=["D2", "H7", "H7", "H7"], hands=[["Y1-04"], [], [], []], abilities=[[3, 3, 3]] * 4)
    state.players[RON].specials_up.extend(state.special_deck)
    state.special_deck.clear()
    GAME.apply(state, PlayHere(HARRY, "Y1-04"))
    assert len(state.players[HARRY].hand) == 2


# --- Wand Bonus Token ------------------------------------------------------------------------------------


def test_two_players_may_flip_the_wand_bonus_token_for_an_extra_action_and_it_returns_with_the_wand():
    state = position(characters=("harry", "ron"), cells=["A5", "A5"])
    GAME.apply(state, Pass(HARRY))
    assert GAME.legal(state, HARRY) == [WandBonus(HARRY, True), WandBonus(HARRY, False)]
    GAME.apply(state, WandBonus(HARRY, True))
    assert state.players[HARRY].wand_token == "down" and GAME.to_act(state) == (HARRY,)
    GAME.apply(state, Move(HARRY, ("B5",)))
    assert GAME.to_act(state) == (1,)  # no second offer: the token is face down
    GAME.apply(state, Pass(1))
    GAME.apply(state, WandBonus(1, False))
    assert state.players[1].wand_token == "up"
    for _ in range(2):  # steps 2 and 3
        GAME.apply(state, Pass(HARRY))
        GAME.apply(state, Pass(1))
        GAME.apply(state, WandBonus(1, False))
    events = []
    while state.step != 1:
        events += GAME.apply(state, GAME.legal(state, GAME.to_act(state)[0])[0])
    assert state.wand == 1
    assert state.players[HARRY].wand_token == "down"  # back face up only when Harry next receives the Wand
    assert not [e for e in events if isinstance(e, ev.SpecialsRefreshed)]  # Ron had nothing face down
    events = []
    while state.wand != HARRY:
        seat = GAME.to_act(state)[0]
        options = GAME.legal(state, seat)
        events += GAME.apply(state, WandBonus(seat, False) if WandBonus(seat, False) in options else options[0])
    assert state.players[HARRY].wand_token == "up"
    assert [e for e in events if isinstance(e, ev.SpecialsRefreshed)] == [ev.SpecialsRefreshed(HARRY, (), True)]


# --- [Free] bonus Special Cards, applied ---------------------------------------------------------------------


def checks(events):
    """(attempt, values, passed) of every Test check in ``events``."""
    return [(e.attempt, dict(e.values), e.passed) for e in events if isinstance(e, ev.TestChecked)]


def bonus_position(special, card, cell, came_from, abilities, hand=()):
    """Hermione (the actor) with ``special`` face up and ``abilities``, one step from ``card`` on ``cell``."""
    return position(
        cells=["H7", came_from, "H7", "H7"],
        abilities=[[1, 1, 1], abilities, [1, 1, 1], [1, 1, 1]],
        hands=[[], list(hand), [], []],
        board={cell: card},
        specials=[[], [special], [], []],
        actor=HERMIONE,
    )


def test_a_second_check_without_a_boost_is_told_as_one():
    """Rule 1.2: after a failed Test you may boost, then check again. Checked again with no boost announced, the
    log said "fails the Test ... after the boosts" (a player's review): the check is now told as it is."""
    from tabletop.games.house_cup_challenge.text import describe

    state = bonus_position("sword", "Y3-14", "B2", "B3", [1, 1, 1])  # H5 against H1: the first check fails
    names = ["Harry", "Hermione", "Ron", "Neville"]
    events = GAME.apply(state, Move(HERMIONE, ("B2",)))
    assert checks(events) == [("first", {"H": 1}, False)] and Check(HERMIONE) in GAME.legal(state, HERMIONE)
    told = [describe(e, names) for e in events if isinstance(e, ev.TestChecked)]
    # (not "fails": a reader took the first check for the encounter's end, two lines before it was passed)
    assert told == ["Hermione falls short of the Test of Dementors at the Lake at first (Honor 1): boosts may follow."]
    events = GAME.apply(state, Check(HERMIONE))
    assert checks(events) == [("unboosted", {"H": 1}, False)]
    told = [describe(e, names) for e in events if isinstance(e, ev.TestChecked)]
    assert told == ["Hermione fails the Test of Dementors at the Lake again, without boosts (Honor 1)."]
    assert state.players[HERMIONE].specials_up == ["sword"]  # (the Sword not flipped)


def test_remembrall_adds_two_knowledge_for_one_encounter_and_costs_no_boost_card():
    # Hermione Petrified (K4) in the Library against K2: 2 + 2 = 4 passes.
    state = bonus_position("remembrall", "Y2-12", "C5", "C4", [2, 1, 1], hand=["Y1-01", "Y1-02"])
    GAME.apply(state, Move(HERMIONE, ("C5",)))
    assert Boost(HERMIONE, "remembrall", "K") in GAME.legal(state, HERMIONE)
    events = GAME.apply(state, Boost(HERMIONE, "remembrall", "K"))
    assert [e for e in events if isinstance(e, ev.Boosted)] == [ev.Boosted(HERMIONE, "remembrall", "K", 2)]
    hermione = state.players[HERMIONE]
    assert hermione.specials_down == ["remembrall"] and hermione.specials_up == []
    assert Boost(HERMIONE, "Y1-01", "K") in GAME.legal(state, HERMIONE)  # both boost cards still allowed
    events = GAME.apply(state, Check(HERMIONE))
    assert checks(events) == [("boosted", {"K": 4}, True)]
    assert hermione.completed == ["Y2-12"] and hermione.hand == ["Y1-01", "Y1-02"]
    # Only for one encounter: the next Test counts Knowledge without it (and the card stays face down).
    assert hermione.abilities["K"] == 3  # the card's own +1 K reward
    # Not offered when the Test does not name Knowledge.
    state = bonus_position("remembrall", "Y2-05", "G1", "F1", [2, 1, 1])
    GAME.apply(state, Move(HERMIONE, ("G1",)))
    assert not any(isinstance(c, Boost) for c in GAME.legal(state, HERMIONE))


def test_sword_of_gryffindor_adds_three_honor_and_a_two_short_test_still_fails_with_less():
    # Lucius Malfoy's Threats (H4) in the Entrance Hall against H1: 1 + 3 = 4 passes.
    state = bonus_position("sword", "Y2-20", "D3", "D4", [1, 1, 1])
    GAME.apply(state, Move(HERMIONE, ("D3",)))
    events = GAME.apply(state, Boost(HERMIONE, "sword", "H"))
    events += GAME.apply(state, Check(HERMIONE))
    assert checks(events) == [("boosted", {"H": 4}, True)]
    assert state.players[HERMIONE].completed == ["Y2-20"] and state.players[HERMIONE].specials_down == ["sword"]
    # Against H5 (Dementors at the Lake) the same +3 from H1 is not enough.
    state = bonus_position("sword", "Y3-14", "B2", "B3", [1, 1, 1])
    GAME.apply(state, Move(HERMIONE, ("B2",)))
    events = GAME.apply(state, Boost(HERMIONE, "sword", "H"))
    events += GAME.apply(state, Check(HERMIONE))
    assert checks(events) == [("boosted", {"H": 4}, False)]
    assert state.players[HERMIONE].cell == "B3" and state.board["B2"] == "Y3-14"


def test_felix_felicis_adds_two_to_the_one_tested_ability_chosen():
    # Quirrell Unmasked (H3 + K2) against K1 H1: Felix is offered on either tested ability, not on Skill.
    state = bonus_position("felix", "Y1-28", "C7", "C6", [1, 1, 1])
    GAME.apply(state, Move(HERMIONE, ("C7",)))
    offered = {c.ability for c in GAME.legal(state, HERMIONE) if isinstance(c, Boost)}
    assert offered == {"H", "K"}
    events = GAME.apply(state, Boost(HERMIONE, "felix", "H"))
    assert not any(isinstance(c, Boost) for c in GAME.legal(state, HERMIONE))  # one ability only, then it is down
    events += GAME.apply(state, Check(HERMIONE))
    assert checks(events) == [("boosted", {"H": 3, "K": 1}, False)]  # Knowledge is not raised: still a failure
    assert state.players[HERMIONE].specials_down == ["felix"]
    # On a one-ability Test the +2 makes the pass: Who Is Nicolas Flamel? (K3) against K1.
    state = bonus_position("felix", "Y1-13", "C5", "C4", [1, 1, 1])
    GAME.apply(state, Move(HERMIONE, ("C5",)))
    events = GAME.apply(state, Boost(HERMIONE, "felix", "K"))
    events += GAME.apply(state, Check(HERMIONE))
    assert checks(events) == [("boosted", {"K": 3}, True)]
    assert state.players[HERMIONE].completed == ["Y1-13"]


def test_expecto_patronum_adds_three_skill():
    # Rogue Bludger (S4, Hospital) on the Quidditch Pitch against S1: 1 + 3 = 4 passes.
    state = bonus_position("patronus", "Y2-05", "G1", "F1", [1, 1, 1])
    GAME.apply(state, Move(HERMIONE, ("G1",)))
    assert [c for c in GAME.legal(state, HERMIONE) if isinstance(c, Boost)] == [Boost(HERMIONE, "patronus", "S")]
    events = GAME.apply(state, Boost(HERMIONE, "patronus", "S"))
    events += GAME.apply(state, Check(HERMIONE))
    assert checks(events) == [("boosted", {"S": 4}, True)]
    assert state.players[HERMIONE].completed == ["Y2-05"] and state.players[HERMIONE].specials_down == ["patronus"]
    # Against S5 (The Inquisitorial Squad) it is one short.
    state = bonus_position("patronus", "Y5-09", "B6", "B5", [1, 1, 1])
    GAME.apply(state, Move(HERMIONE, ("B6",)))
    events = GAME.apply(state, Boost(HERMIONE, "patronus", "S"))
    events += GAME.apply(state, Check(HERMIONE))
    assert checks(events) == [("boosted", {"S": 4}, False)]
    # Not offered when the Test does not name Skill: Who Is Nicolas Flamel? (K3).
    state = bonus_position("patronus", "Y1-13", "C5", "C4", [1, 1, 1])
    GAME.apply(state, Move(HERMIONE, ("C5",)))
    assert not any(isinstance(c, Boost) for c in GAME.legal(state, HERMIONE))


def test_wingardium_leviosa_adds_one_knowledge_and_one_skill_together():
    # Patronus Practice (K6 + S5) in the Room of Requirement against K5 S4: both parts need the +1.
    state = bonus_position("leviosa", "Y5-04", "F7", "F6", [5, 4, 1])
    GAME.apply(state, Move(HERMIONE, ("F7",)))
    assert [c for c in GAME.legal(state, HERMIONE) if isinstance(c, Boost)] == [Boost(HERMIONE, "leviosa", "")]
    events = GAME.apply(state, Boost(HERMIONE, "leviosa", ""))
    assert [(e.ability, e.amount) for e in events if isinstance(e, ev.Boosted)] == [("K", 1), ("S", 1)]
    events += GAME.apply(state, Check(HERMIONE))
    assert checks(events) == [("boosted", {"K": 6, "S": 5}, True)]
    assert state.players[HERMIONE].completed == ["Y5-04"] and state.players[HERMIONE].specials_down == ["leviosa"]
    # On a Knowledge-only Test only the Knowledge part counts: Who Is Nicolas Flamel? (K3) against K1 fails at 2.
    state = bonus_position("leviosa", "Y1-13", "C5", "C4", [1, 1, 1])
    GAME.apply(state, Move(HERMIONE, ("C5",)))
    events = GAME.apply(state, Boost(HERMIONE, "leviosa", ""))
    events += GAME.apply(state, Check(HERMIONE))
    assert checks(events) == [("boosted", {"K": 2}, False)]
    # Not offered on an Honor Test.
    state = bonus_position("leviosa", "Y3-14", "B2", "B3", [1, 1, 1])
    GAME.apply(state, Move(HERMIONE, ("B2",)))
    assert not any(isinstance(c, Boost) for c in GAME.legal(state, HERMIONE))


# --- Fawkes and Expelliarmus ---------------------------------------------------------------------------------


def test_fawkes_failing_then_expelliarmus_cancels_the_setback():
    # The Basilisk (S4 + H4, Hospital) against S1 H1: the Fawkes retry gives S3 H3, still a failure.
    state = bonus_position("fawkes", "Y2-16", "E7", "D7", [3, 1, 1], hand=["Y1-01"])
    state.players[HERMIONE].specials_up.append("expelliarmus")
    state.special_deck.remove("expelliarmus")
    GAME.apply(state, Move(HERMIONE, ("E7",)))
    GAME.apply(state, Check(HERMIONE))
    assert GAME.legal(state, HERMIONE) == [UseFree(HERMIONE, "fawkes"), Decline(HERMIONE)]
    refused(state, UseFree(HERMIONE, "expelliarmus"), "Fawkes")  # Fawkes comes first
    events = GAME.apply(state, UseFree(HERMIONE, "fawkes"))
    assert checks(events) == [("fawkes", {"S": 3, "H": 3}, False)]
    assert GAME.legal(state, HERMIONE) == [UseFree(HERMIONE, "expelliarmus"), Decline(HERMIONE)]
    events = GAME.apply(state, UseFree(HERMIONE, "expelliarmus"))
    assert ev.EncounterFailed(HERMIONE, "Y2-16", True) in events
    hermione = state.players[HERMIONE]
    assert hermione.cell == "E7" and hermione.hand == ["Y1-01"]  # no Hospital, no discard
    assert sorted(hermione.specials_down) == ["expelliarmus", "fawkes"] and hermione.completed == []
    assert state.board["E7"] == "Y2-16" and GAME.to_act(state) == (RON,)


def test_boosts_already_announced_still_count_in_the_fawkes_retry():
    # Rogue Bludger (S4) against S1: a boost card makes S2 (fails); Fawkes adds 2 to that: S4 passes.
    state = bonus_position("fawkes", "Y2-05", "G1", "F1", [1, 1, 1], hand=["Y1-01", "Y1-02"])
    GAME.apply(state, Move(HERMIONE, ("G1",)))
    events = GAME.apply(state, Boost(HERMIONE, "Y1-01", "S"))
    events += GAME.apply(state, Check(HERMIONE))
    events += GAME.apply(state, UseFree(HERMIONE, "fawkes"))
    assert checks(events) == [("boosted", {"S": 2}, False), ("fawkes", {"S": 4}, True)]
    hermione = state.players[HERMIONE]
    assert hermione.completed == ["Y2-05"] and hermione.hand == ["Y1-02"] and hermione.cell == "G1"
    assert "Y1-01" in state.discard


def test_declining_fawkes_keeps_it_face_up_and_the_setback_follows():
    # Dementors at the Lake (H5) from the Courtyard against H1.
    state = bonus_position("fawkes", "Y3-14", "B2", "B3", [1, 1, 1], hand=["Y1-01", "Y1-02"])
    GAME.apply(state, Move(HERMIONE, ("B2",)))
    GAME.apply(state, Check(HERMIONE))
    events = GAME.apply(state, Decline(HERMIONE))
    assert [a for a, _, _ in checks(events)] == []  # no retry
    assert {c.card for c in GAME.legal(state, HERMIONE)} == {"Y1-01", "Y1-02"}  # the setback's discard
    GAME.apply(state, Discard(HERMIONE, "Y1-01"))
    hermione = state.players[HERMIONE]
    assert hermione.cell == "B3" and hermione.hand == ["Y1-02"] and hermione.specials_up == ["fawkes"]
    assert GAME.to_act(state) == (RON,)


# --- arrivals, the Map, setbacks without a free space ----------------------------------------------------------


def test_the_cloak_walks_past_a_card_on_a_firebolt_arrival():
    specials = [[], ["firebolt", "cloak"], [], []]
    state = position(cells=["H7", "A5", "H7", "H7"], board={"G1": "Y2-05"}, specials=specials, actor=HERMIONE)
    legal = [c for c in GAME.legal(state, HERMIONE) if isinstance(c, UseSpecial) and c.cell == "G1"]
    assert legal == [
        UseSpecial(HERMIONE, "firebolt", (), (), "G1"),
        UseSpecial(HERMIONE, "firebolt", (), ("cloak",), "G1"),
    ]
    refused(state, UseSpecial(HERMIONE, "firebolt", (), ("harry",), "G1"), "cannot walk past")
    events = GAME.apply(state, UseSpecial(HERMIONE, "firebolt", (), ("cloak",), "G1"))
    assert "EncounterStarted" not in kinds(events)
    assert ev.WalkedPast(HERMIONE, "Y2-05", "G1", "cloak") in events
    hermione = state.players[HERMIONE]
    assert hermione.cell == "G1" and sorted(hermione.specials_down) == ["cloak", "firebolt"]
    assert state.board["G1"] == "Y2-05" and GAME.to_act(state) == (RON,)


def test_harry_walks_past_a_card_on_a_floo_arrival_and_has_no_second_bypass_that_round():
    # Umbridge's Fireplace (K6 + H6) in the Headmaster's Office.
    state = position(cells=["D3", "H7", "H7", "H7"], board={"H7": "Y5-14"}, specials=[["floo"], [], [], []])
    events = GAME.apply(state, UseSpecial(HARRY, "floo", (), ("harry",), "H7"))
    assert "EncounterStarted" not in kinds(events) and ev.WalkedPast(HARRY, "Y5-14", "H7", "harry") in events
    assert state.players[HARRY].cell == "H7" and state.players[HARRY].harry_used
    while GAME.to_act(state) != (HARRY,):  # the others pass; step 2
        GAME.apply(state, Pass(GAME.to_act(state)[0]))
    moves = [c for c in GAME.legal(state, HARRY) if isinstance(c, Move)]
    assert Move(HARRY, ("H6", "H7")) in moves  # leaving and coming back in is an encounter
    assert not any("harry" in c.bypass for c in moves)


def test_a_failed_floo_arrival_goes_back_to_the_space_left():
    # The Goblet of Fire (H4) in the Great Hall, reached by Floo Powder from the Divination Tower against H1.
    state = position(
        cells=["H7", "G7", "H7", "H7"],
        hands=[[], ["Y1-01", "Y1-02"], [], []],
        board={"C3": "Y4-01"},
        specials=[[], ["floo"], [], []],
        actor=HERMIONE,
    )
    GAME.apply(state, UseSpecial(HERMIONE, "floo", cell="C3"))
    assert state.players[HERMIONE].cell == "C3" and state.tasks[-1].kind == "encounter"
    GAME.apply(state, Check(HERMIONE))
    events = GAME.apply(state, Discard(HERMIONE, "Y1-02"))
    assert not any(isinstance(c, Retreat) for c in GAME.legal(state, HERMIONE))  # no choice: the space left
    assert state.players[HERMIONE].cell == "G7"  # not a neighbour of the Great Hall
    assert ev.Moved(HERMIONE, ("G7",), "retreat") in events
    assert state.board["C3"] == "Y4-01" and GAME.to_act(state) == (RON,)


def test_a_marauders_map_move_may_stop_on_a_card_without_an_encounter():
    # The Inquisitorial Squad (S5) on Corridor B6, which Hermione (S1) could never walk past otherwise.
    state = with_special("map", board={"B6": "Y5-09"}, actor=HERMIONE)
    assert UseSpecial(HERMIONE, "map", ("B5", "B6")) in GAME.legal(state, HERMIONE)
    events = GAME.apply(state, UseSpecial(HERMIONE, "map", ("B5", "B6")))
    assert "EncounterStarted" not in kinds(events) and ev.WalkedPast(HERMIONE, "Y5-09", "B6", "map") in events
    hermione = state.players[HERMIONE]
    assert hermione.cell == "B6" and hermione.completed == [] and state.board["B6"] == "Y5-09"
    assert GAME.to_act(state) == (RON,)


def test_a_setback_with_no_free_neighbouring_space_stays_put():
    # Harry ambushes Ron in the Transfiguration Classroom with Match into Needle (K2; Ron has K1). Its only
    # neighbour, Corridor E4, holds a card, so Ron stays where he is.
    state = position(cells=["A5", "H7", "E5", "H7"], hands=[["Y1-09"], [], [], []], board={"E4": "Y1-25"})
    events = GAME.apply(state, PlayThere(HARRY, "Y1-09", "E5"))
    assert ev.EncounterFailed(RON, "Y1-09", False) in events
    assert state.players[RON].cell == "E5" and not any(isinstance(e, ev.Moved) for e in events)
    assert state.board == {"E4": "Y1-25", "E5": "Y1-09"}
    assert GAME.to_act(state) == (HERMIONE,)  # nothing left to choose; the bonus cards were drawn
    assert len(state.players[HARRY].hand) == 3


def test_the_who_encounters_choice_reaches_a_bot_program_and_a_save_whole(tmp_path):
    """The candidates are seats (ints); the View and a save made at that moment come back whole from JSON."""
    import json

    from tabletop.bots.serve import question, read_command, read_view
    from tabletop.core import Match, SeatInfo, load_match, write_save
    from tabletop.games import GAMES
    from tests.test_bots_all_games import _ask

    state = position(cells=["C3", "C3", "C3", "H7"], hands=[["Y1-01"], [], [], []])
    GAME.apply(state, PlayHere(HARRY, "Y1-01"))
    view = GAME.view(state, HARRY)
    assert view.tasks[-1].kind == "who"
    assert read_view(GAME, json.loads(json.dumps(to_json(view)))) == view
    for bot in ("easy", "medium", "hard"):
        (answer,) = _ask([question(1, GAME.id, bot, view, 7)])
        assert answer["error"] is None, answer["error"]
        assert read_command(GAME, answer["command"]) in GAME.legal(state, HARRY)
    seats = [SeatInfo(name) for name in ("Ada", "Ben", "Cleo", "Dev")]
    match = Match(GAME, seats, {"prefect": 0, "youngest": 0, "characters": None}, 1, start=to_json(state))
    write_save(match, tmp_path / "who.json")
    assert load_match(tmp_path / "who.json", GAMES).state == state
