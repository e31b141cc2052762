"""Stupéfix, rule by rule: end-of-game rules that only a bots' random game used to pin down, each played here
through the protocol (the last round's draft, then the end), so a change of reading fails a named test.

Rulebook (seed 001, French), Fin de la partie:
- "Le joueur qui possède le plus de cartes Potion Réussie gagne la carte Maître des Potions, et la place dans
  l'Urne de sa Maison. En cas d'égalité, personne ne gagne la carte." A player's count, not a house's.
- Devenir le Chouchou: "Défaussez 1 de vos propres jetons Retard, et remettez-le dans la réserve." Said of every
  round, the last one too: the token given back in round 8 still counts for the Retardataire.
"""

from __future__ import annotations

from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.events import TakeReward
from tests.stupefix_helpers import new, play_round, set_row


def last_round_draft(players: int, row: list[str]) -> object:
    """A new game's first round named round 8 (the game ends after its draft; the hands still hold their
    cards), every flag standing, ``row`` on offer, the Chouchou (seat 0) to choose first."""
    state = new(players, seed=5, chouchou=0)
    state.round = 8
    play_round(state)  # Misfires at nobody: nobody is stunned
    set_row(state, row)
    assert state.draft_order == list(range(players))
    return state


def draft(state, picks: list[str]) -> list:
    """Each drafter in turn takes the next of ``picks``; the rest (one kind left) goes without asking."""
    events: list = []
    for kind in picks:
        (seat,) = GAME.to_act(state)
        events += GAME.apply(state, TakeReward(seat, kind))
    assert state.phase == "over"
    return events


def test_the_potions_master_is_the_player_with_the_most_not_the_house():
    """Gryffindor's seat 0 makes 3 potions; Ravenclaw's two players make 2 each, 4 for their house: the card is
    seat 0's, for Gryffindor's urn."""
    state = last_round_draft(6, ["potion"] * 7 + ["points10"] * 6)
    assert state.houses[0] == "Gryffindor" and state.houses[3] == state.houses[5] == "Ravenclaw"
    # Order 0..5 twice, then 0: seats 0, 3 and 5 take the potions, 1, 2 and 4 the Points; after turn 11 only
    # potions are left, and seats 5 and 0 take them without asking.
    first = ["potion", "points10", "points10", "potion", "points10", "potion"]
    events = draft(state, first + ["potion", "points10", "points10", "potion", "points10"])
    assert state.potions == [3, 0, 0, 2, 0, 2]
    assert ev.PotionsMaster(0, 3) in events
    assert "maitre" in state.urns["Gryffindor"] and "maitre" not in state.urns["Ravenclaw"]


def test_teammates_tied_for_the_most_potions_give_the_card_to_nobody():
    """Seats 0 and 2, both Gryffindor, make 2 potions each and nobody makes more: a tie, though within one house,
    so nobody wins Maître des Potions ("En cas d'égalité, personne ne gagne la carte")."""
    state = last_round_draft(6, ["potion"] * 4 + ["points10"] * 5)
    assert state.houses[0] == state.houses[2] == "Gryffindor"
    events = draft(state, ["potion", "points10", "potion", "points10", "points10", "points10", "potion", "points10"])
    assert state.potions == [2, 0, 2, 0, 0, 0]
    assert ev.PotionsMaster(None, 2) in events
    assert not any("maitre" in cards for cards in state.urns.values())


def test_devenir_le_chouchou_in_the_last_round_still_gives_back_a_token_that_counts_at_the_end():
    """Seats 0 and 1 come to round 8 with a Late token each. Seat 0 takes Devenir le Chouchou and gives its token
    back, though no round follows: seat 1 alone has the most and takes the Retardataire."""
    state = last_round_draft(4, ["chouchou", "points10", "points20"])
    state.retard = [1, 1, 0, 0]  # (stunned once each in earlier rounds)
    events = draft(state, ["chouchou", "points10"])
    assert ev.RetardReturned(0, 0, "chouchou", True) in events
    assert state.retard == [0, 1, 0, 0] and state.chouchou == 0
    assert ev.Latecomers((1,), 1) in events
    assert state.urns[state.houses[1]].count("retardataire") == 1
    assert "retardataire" not in state.urns[state.houses[0]]


def test_the_reward_deck_is_shuffled_for_each_game():
    """Mise en place: "Mélangez toutes les cartes récompense, et formez une pile [...] face cachée." Eight games
    deal eight deck orders, and round 1's rewards are not the same in all of them."""
    games = [new(4, seed=seed) for seed in range(8)]
    assert len({tuple(state.deck) for state in games}) == 8
    assert len({tuple(state.row) for state in games}) > 1
