"""What the rules pages and card texts tell players, against the rulebooks and against what the engine does: the
numbers they say are the engine's constants, and the exceptions the engine applies are told where a player reads
the card or rule concerned."""

from __future__ import annotations

from tabletop.games.house_cup import GAME as HOUSE_CUP
from tabletop.games.house_cup.cards import REWARD_TOKENS
from tabletop.games.house_cup.events import TakeCard
from tabletop.games.house_cup.rules import ROUNDS
from tabletop.games.house_cup.rules_text import sections as house_cup_sections
from tabletop.games.house_cup.scoring import CHARMS_RATE, CREATURES, HERBOLOGY, POTIONS
from tabletop.games.house_cup_challenge.cards import END_POINTS, HAND_LIMIT, SPECIALS
from tabletop.games.house_cup_challenge.rules_text import sections as challenge_sections
from tabletop.games.stupefix.cards import FAVEUR_BONUS, LATECOMER, POTIONS_MASTER, REWARDS
from tabletop.games.stupefix.rules_text import END_ENTRIES
from tabletop.games.stupefix.rules_text import sections as stupefix_sections
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.bots import GIVE_UP
from tabletop.games.thats_wizard.cards import CARDS, MAX_POWER, MAX_STAMINA
from tabletop.games.thats_wizard.flow import build_library
from tabletop.games.thats_wizard.rules_text import sections as wizard_sections
from tests.house_cup_positions import position, taking
from tests.thats_wizard_positions import LEVITATOR, duel, of_type, play_round, tracker


def listed(values: tuple[int, ...] | list[int]) -> str:
    return ", ".join(map(str, values))


# --- House Cup ------------------------------------------------------------------------------------------------


def test_house_cup_says_the_reward_supply_runs_out_as_the_engine_does():
    # The supplement: "Reward tokens are limited to 46 (the supply); an empty supply gives nothing." The rules page
    # named the 46 tokens but never said what an empty supply does, though the engine then gives nothing.
    for left in (1, 0):  # Gryffindor's 1 takes Monday's only card; Slytherin's 2 gets none: a reward token is due
        state = position(days={0: ["potions-5"]}, rewards=[REWARD_TOKENS - left, 0, 0, 0])
        taking(state, 0, [(0, 1), (1, 2)])
        HOUSE_CUP.apply(state, TakeCard(0, "potions-5"))
        assert state.rewards[1] == left and state.supply == 0
    setting_up = dict(house_cup_sections())["Setting up"]
    assert f"the {REWARD_TOKENS} reward tokens form the supply (once it is empty, nobody gains a reward token)" in (
        setting_up
    )


def test_house_cup_says_an_immediately_card_with_nothing_to_discard_or_give_does_that_part_only():
    # The supplement: "Discarding or giving a card is the owner's choice among their OTHER cards; with none, nothing
    # happens." A Trouble taken with no other card does nothing; the rules page did not say so.
    state = position(days={0: ["trouble-2"]})
    taking(state, 0, [(0, 1)])
    HOUSE_CUP.apply(state, TakeCard(0, "trouble-2"))
    assert state.tableau[0] == ["trouble-2"] and not state.tasks
    immediately = dict(house_cup_sections())["IMMEDIATELY cards"]
    assert "with no card to discard or give, that part does nothing" in immediately


def test_house_cup_rules_page_numbers_are_the_engines():
    pages = dict(house_cup_sections())
    sets = pages["Sets"]
    assert f"Potions: 1-5 cards score {listed(POTIONS[1:4])}, {POTIONS[4]}, {POTIONS[5]}" in sets
    assert f"Herbology: 1-3 cards cost {listed(HERBOLOGY[1:])}" in sets
    assert f"Magical Creatures: 1-5 cards score {listed(CREATURES[1:])}" in sets
    rates = CHARMS_RATE
    assert f"each reward token scores {rates[1]}, {rates[2]} or {rates[3]} instead of {rates[0]}" in sets
    end = pages["Rounds and the end"]
    assert f"The game lasts {ROUNDS[2]} rounds with 2 players" in end
    assert f"{ROUNDS[3]} rounds with 3 and {ROUNDS[4]} rounds with 4" in end
    assert f"plus {CHARMS_RATE[0]} points per reward token" in end


# --- Stupéfix -------------------------------------------------------------------------------------------------


def test_stupefix_texts_numbers_are_the_engines():
    faveur = REWARDS["faveur"].text_id
    assert f"score {listed(FAVEUR_BONUS[1:-1])} or {FAVEUR_BONUS[-1]} points for 1 to 10 cards" in faveur
    end = dict(stupefix_sections())["End of the game"]
    assert f"Maître des Potions (+{POTIONS_MASTER})" in end
    assert f"Retardataire ({LATECOMER})" in end
    for count, points in enumerate(FAVEUR_BONUS[1:], 1):
        assert f"{count} card{'s' if count > 1 else ''} {points}" in end


def test_stupefix_texts_put_maitre_des_potions_in_a_houses_urn():
    """The rulebook: "le place dans l'Urne de sa Maison" (a player has no urn: the rules page said "the urn of the
    one player with the most Potion Réussie", the audit of the rules)."""
    end = dict(stupefix_sections())["End of the game"]
    card = dict(END_ENTRIES)["Maître des Potions (Potions Master)"]
    for text in (end, card):
        assert "house's urn of the one player with the most Potion Réussie" in text, text


# --- House Cup Challenge --------------------------------------------------------------------------------------


def test_house_cup_challenge_rules_page_numbers_are_the_engines():
    pages = dict(challenge_sections())
    assert f"When Gryffindor reaches {END_POINTS}" in pages["The idea"]
    assert f"When Gryffindor reaches {END_POINTS}" in pages["The end"]
    assert f"more than {HAND_LIMIT} cards discards down to {HAND_LIMIT}" in pages["A round"]


def test_accio_counts_connections_not_walls_as_the_engine_does():
    # The supplement: "Count connections only: cards and characters on the way do not matter." The card said
    # "(walls count, cards do not)", which reads as if walls were counted as steps.
    text = SPECIALS["accio"].text
    assert "walls" not in text
    assert "cards and characters on the way do not matter" in text


# --- That's Wizard! -------------------------------------------------------------------------------------------


def test_the_focus_card_tells_that_levitate_takes_its_power_as_the_engine_does():
    # The rulebook's Focus Q&A: "Focus can be affected by the Levitate spell!" The card said only that no effect on
    # spells touches it.
    state = duel([LEVITATOR, "The Crone"], [["levitate"], None])
    tracker(state, 1, 17, 1)
    events = play_round(state, {0: ("levitate", 4), 1: "focus"})
    assert of_type(events, ev.Focused) == [ev.Focused(1, 1, "levitate")]
    assert state.wizards[1].power == 1
    focus = CARDS["focus"].rule_en
    assert "Levitate hits you this round" in focus
    assert "imprisoned" in focus  # (Imprison: "They may still play Focus, but it does nothing")


def test_the_scry_card_says_a_1_vs_1_deck_holds_no_duos_spell_as_the_engine_builds_it():
    state = duel(["The Crone", "The Dark Lord"])
    assert state.library and all(not CARDS[card].duos for deck in state.library for card in deck)
    assert build_library(state) == state.library
    assert "in 1 vs 1 never a Duos spell" in CARDS["scry"].rule_en
    assert "all of them if fewer" in CARDS["scry"].rule_en


def test_the_stall_page_tells_every_bot_concession_with_the_engines_numbers():
    # The bots concede with less Stamina after 2 * GIVE_UP quiet rounds, and with as much after 3 * GIVE_UP: the
    # page told only the first.
    stall = dict(wizard_sections())["When a duel stalls (added by this app)"]
    assert f"has seen {2 * GIVE_UP} rounds without progress" in stall
    assert f"(with as much Stamina, after {3 * GIVE_UP} rounds)" in stall


def test_that_s_wizard_rules_page_numbers_are_the_engines():
    pages = dict(wizard_sections())
    assert f"Each duel starts at {MAX_STAMINA} Stamina" in pages["Stamina, Power and the dial"]
    assert f"and {MAX_POWER} Power" in pages["Stamina, Power and the dial"]


def test_the_duos_setup_note_names_the_pairs_the_engine_deals():
    # The rulebook: "you and your ally will each sit across from a player on the opposite team", then "swap
    # opponents with your ally" for the second set. The setup's note said each "faces the seat across the table":
    # round a table of four that is one's own ally (Blue seats 1 and 3); it now names the engine's pairs.
    from tabletop.games.thats_wizard import GAME as WIZARD
    from tabletop.games.thats_wizard.checks import SECOND_SET
    from tabletop.ui.tables.thats_wizard.setup import ThatsWizardSetup

    note = ThatsWizardSetup.notes(ThatsWizardSetup.__new__(ThatsWizardSetup))[1]
    state = WIZARD.setup(4, WIZARD.default_options(4), 1)
    for a, b in sorted(sorted(pair) for pair in state.pairs):
        assert f"seat {a + 1} duels seat {b + 1}" in note
    assert "swap opponents" in note and sorted(map(sorted, SECOND_SET)) != sorted(map(sorted, state.pairs))
    assert "across the table" not in note
