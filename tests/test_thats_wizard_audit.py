"""Findings of a rules audit of That's Wizard!, each driven through the protocol."""

from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import CARDS, CROSS_DUEL
from tabletop.games.thats_wizard.events import Concede, Pass, Play, TakePlace
from tabletop.games.thats_wizard.text import describe
from tests.thats_wizard_positions import duel, of_type, play_round, rng_for, tracker

NAMES = ["Morgana", "Merlin"]
NAMES4 = ["Morgana", "Merlin", "Circe", "Arthur"]


def test_a_turned_back_spell_is_read_aloud_as_it_resolves_on_its_caster_alone():
    """Chaos turned back hurts its caster once even on a 1 (the rulebook's Q&A: "You alone will take the Damage"),
    and Share Pain's bonus compares the caster with themself: the log read them as hurting the caster twice on a 1
    and as a bonus "if Morgana has less Stamina" than Morgana."""
    state = duel(["The Crone", "The Dark Lord"], [["chaos", "share_pain"], ["reflect"]])
    tracker(state, 0, 8, 6)
    state.rng = rng_for([1])
    events = play_round(state, {0: ("chaos", 5), 1: ("reflect", 2)})
    [read] = [event for event in of_type(events, ev.SpellRead) if event.card == "chaos"]
    assert describe(read, NAMES) == "Morgana casts Chaos at 5: roll a die: 5 to 7 Damage to Morgana, turned back."
    assert [(e.seat, e.amount) for e in of_type(events, ev.StaminaLost)] == [(0, 5)]  # once, as read

    tracker(state, 0, 3, 6)  # less Stamina than Merlin's 20: the bonus would come, were it not turned back
    events = play_round(state, {0: ("share_pain", 1), 1: ("reflect", 2)})
    [read] = [event for event in of_type(events, ev.SpellRead) if event.card == "share_pain"]
    assert describe(read, NAMES) == "Morgana casts Share Pain at 1: 1 Fatigue to Morgana, turned back."
    assert [(e.seat, e.amount) for e in of_type(events, ev.StaminaLost)] == [(0, 1)]


def test_an_ally_spell_picked_before_the_allys_duel_is_conceded_is_an_illegal_play_at_the_reveal():
    """Nevermore "cannot be played once your ally's duel is over" and an illegal play costs nothing (the rulebook's
    Illegal Plays: "It will be treated as if you did not play the card"). A Duos wizard who picked Nevermore before
    their ally conceded a stalled duel in the same choice paid its 4 Power at the reveal for a spell that then
    reached nobody."""
    state = duel(["The Sorceress", "The Constable", "The Prophet", "The Rogue"], [None, None, ["nevermore"], None])
    state.round = 20  # a stalled duel: no new lowest Stamina for ten whole rounds
    GAME.apply(state, Play(2, "nevermore", 4))
    GAME.apply(state, Concede(0))
    events = GAME.apply(state, Pass(3))
    [shown] = [play for play in of_type(events, ev.Revealed)[0].plays if play.seat == 2]
    assert not shown.legal
    assert state.wizards[2].power == 10  # nothing paid
    assert "nevermore" in state.wizards[2].hand
    assert not of_type(events, ev.SpellRead)
    assert "Nevermore needs an ally who is still dueling" in describe(of_type(events, ev.Revealed)[0], NAMES4)


def test_the_roll_winner_of_a_duos_tie_is_told_putting_their_side_first_not_going_first():
    """The rulebook's Duos turn order: "Ties between players on opposite teams will be broken by rolling dice; ties
    between players on the same team can be resolved in any order of their choosing". The roll's winner puts their
    side first, then the allies order themselves: the log said "Merlin wins the roll and goes first." and then
    "Merlin takes their turn after their ally's.", Arthur going first."""
    state = duel(
        ["The Sorceress", "The Constable", "The Prophet", "The Rogue"],
        [["explosion"], ["share_pain"], ["share_pain"], ["explosion"]],
    )
    state.rng = rng_for([2, 6])  # seat 0 for the blue team, seat 1 for the yellow
    play_round(state, {0: ("explosion", 3), 1: ("share_pain", 3), 2: ("share_pain", 3), 3: ("explosion", 3)})
    assert state.prompt.kind == "tie" and state.prompt.seat == 1
    [chosen] = of_type(GAME.apply(state, TakePlace(1, 0)), ev.PlaceChosen)
    assert describe(chosen, NAMES4) == "Merlin wins the roll and puts their side first."
    GAME.apply(state, TakePlace(0, 0))  # blue: Morgana before Circe
    events = GAME.apply(state, TakePlace(1, 1))  # yellow: Merlin after Arthur
    assert of_type(events, ev.TurnOrder)[0].order == (3, 1, 0, 2)


def test_miasmas_card_says_it_stays_for_the_allys_duel_as_it_does():
    """The rulebook's Duos Winning: "If your duel has ended and you still have cards in play that can affect your
    ally's duel (such as Molten Floor or Imprison), those cards will remain in play". Miasma does (the rules keep it,
    as they keep Molten Floor and Imprison), and Molten Floor's and Imprison's words say so; Miasma's did not."""
    stays = "It stays in play for your ally's duel after yours ends."
    assert {"imprison", "molten_floor", "miasma"} == CROSS_DUEL
    for card in sorted(CROSS_DUEL):
        assert stays in CARDS[card].rule_en, card


def test_the_counterspell_note_names_its_stamina_cost_and_warns_when_it_ends_the_duel():
    """Selecting Counterspell showed "Counterspell at 0: costs 0 Power." even when its Stamina cost (1, and 1
    more for each played in the rounds just before) would end the duel."""
    from tabletop.ui import theme
    from tabletop.ui.tables.thats_wizard.painter import counterspell_cost
    from tests.thats_wizard_positions import settle

    state = duel(["The Dark Lord", "The Boy Wizard"], seed=3)
    said, colour = counterspell_cost(GAME.view(state, 0))
    assert said == "Counterspell: costs 1 Stamina (one more in the next round costs 2)." and colour == theme.TEXT
    for _ in range(2):
        play_round(state, {0: "counterspell", 1: "focus"})
        settle(state)
    said, colour = counterspell_cost(GAME.view(state, 0))
    assert said == "Counterspell: costs 3 Stamina (2 played in the rounds just before)."
    tracker(state, 0, 3, 10)
    said, colour = counterspell_cost(GAME.view(state, 0))
    assert "costs 3 Stamina, all you have left: it ends your duel" in said and colour == theme.BAD


def test_a_gain_at_the_cap_says_the_wizard_is_already_at_the_most():
    """Portents and Regenerate at the cap logged "gains 0 Power (10)", read as a roll or a spell gone wrong."""
    names = ["Morgana", "Merlin"]
    assert describe(ev.StaminaGained(0, 0, "portents", 0, 20), names) == (
        "Portents: Morgana is already at 20 Stamina, the most a wizard may have."
    )
    assert describe(ev.PowerChanged(0, 0, "portents", 0, 10), names) == (
        "Portents: Morgana is already at 10 Power, the most a wizard may have."
    )
    assert describe(ev.PowerChanged(0, 2, "portents", 0, 9), names) == "Portents: Morgana gains 2 Power (9)."


def test_ally_spells_carry_an_icon_of_their_own():
    """Energize, Transference and Nevermore showed the "targets yourself" arrow beside the word "ally"."""
    from tabletop.paths import asset_dir
    from tabletop.ui.tables.thats_wizard.cards import AIM_ICON

    assert AIM_ICON["ally"] not in (AIM_ICON["self"], AIM_ICON["opponent"])
    assert (asset_dir("art") / "thats_wizard" / "icons" / f"{AIM_ICON['ally']}.png").is_file()
    assert {card.target for card in CARDS.values() if card.id in ("energize", "transference", "nevermore")} == {"ally"}
