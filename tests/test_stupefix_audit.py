"""Stupéfix audit: the words the table shows beside a card say what the rules do in the corners too."""

from __future__ import annotations

from tabletop import i18n
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.terms import meaning
from tests.stupefix_helpers import new, play_round

ALL_EQUAL = "nobody when everyone has the same number"


def _finish(state) -> list:
    """The draft played on to the end of the game, each drafter taking the first reward offered."""
    events: list = []
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        if state.phase == "draft":
            events += GAME.apply(state, GAME.legal(state, seat)[0])
        else:
            events += play_round(state)
    return events


def test_the_late_tokens_help_says_nobody_is_a_latecomer_when_everyone_has_as_many():
    """Rulebook, Retardataire: "Si tous les joueurs possèdent le même nombre de jetons Retard (ou aucun),
    personne ne gagne de carte Retardataire." The Late token's card said "At the end, whoever has the most takes
    a Latecomer card", which with every player on as many tokens (none here) reads as every player taking one;
    the rules give none."""
    state = new(4, seed=5)
    state.round = 8
    state.retard = [0, 0, 0, 0]
    events = play_round(state)  # Misfires at nobody: nobody stunned, nobody has a token
    events += _finish(state)
    assert [event.seats for event in events if isinstance(event, ev.Latecomers)] == [()]
    assert ALL_EQUAL in meaning("retardataire")
    assert ALL_EQUAL in meaning("retard")
    i18n.set_language("fr")
    assert "personne si tous en ont autant" in meaning("retard")
    i18n.set_language("ru")
    assert "никому, если у всех поровну" in meaning("retard")
