"""Stupéfix: the rule paths that no other test reached (a branch-coverage audit).

The whole suite was run under branch coverage; each rule line of ``tabletop/games/stupefix`` it never ran was
looked up in the rulebook (seed 001) and rules/stupefix.md. These tests drive the ones that are rules, through
the protocol: the end of a game where nobody made a Potion Réussie (the rulebook: "en cas d'égalité, personne ne
gagne la carte", and told as such), and which seats still hold secret spell cards.
"""

from __future__ import annotations

from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.flow import end_game
from tests.stupefix_helpers import new

NAMES = ["Ada", "Bram", "Cleo", "Dov"]


def test_nobody_with_a_potion_makes_nobody_potions_master_and_the_log_says_so():
    state = new(4)
    state.round = 8
    state.potions = [0, 0, 0, 0]
    state.urns["Gryffindor"] = ["points10"]
    events: list = []
    end_game(state, events)
    assert ev.PotionsMaster(None, 0) in events
    assert not any("maitre" in cards for cards in state.urns.values())
    lines = [GAME.describe(e, NAMES) for e in events]
    assert "Nobody made a Successful Potion: nobody is Potions Master." in lines


def test_every_seat_keeps_secrets_until_the_game_is_over():
    state = new(4)
    assert [GAME.has_secrets(state, seat) for seat in range(4)] == [True] * 4
    state.hands[2] = []  # (Private Lessons took a last Sort raté: nothing left to hide)
    assert GAME.has_secrets(state, 2) is False
    state.round = 8
    end_game(state, [])
    assert state.phase == "over" and not any(GAME.has_secrets(state, seat) for seat in range(4))
