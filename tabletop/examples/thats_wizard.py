"""The That's Wizard! example matches shipped in ``saves/``, and the script that writes them.

``tabletop examples`` rewrites them (``tabletop.examples.write_examples``).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.bots import make_bot
from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard.cards import PREMADE
from tabletop.games.thats_wizard.state import ThatsWizardState
from tabletop.i18n import N_


def _play_until(match: Match, stop: Callable[[ThatsWizardState], bool], seed: int) -> Match:
    """Bot seats play their bot; the people's moves so far were made by the easy bot (varied, sensible)."""
    bots = {
        seat: make_bot(GAME, info.controller if not info.is_human else "easy") for seat, info in enumerate(match.seats)
    }
    rng = Rng.from_seed(seed)
    while not stop(match.state):
        if match.result() is not None:
            raise RuntimeError("the example match ended before the moment it should show")
        seat = match.to_act()[0]
        match.apply(bots[seat].choose(GAME.view(match.state, seat), rng))
    return match


def duel_match(seed: int = 31) -> Match:
    """1 vs 1, the Crone (a person) against the Dark Lord (greedy bot): the second duel, a few rounds in."""
    seats = [SeatInfo("Crone"), SeatInfo("Dark Lord", "greedy")]
    options = {
        "books": [list(PREMADE["The Crone"]), list(PREMADE["The Dark Lord"])],
        "book_names": ["The Crone", "The Dark Lord"],
    }
    match = Match(GAME, seats, options, seed)
    return _play_until(match, lambda s: s.duel == 2 and s.round == 3 and s.stage == "choose", seed)


def duos_match(seed: int = 58) -> Match:
    """Duos: the Constable and the Rogue (people) against the Sorceress and the Prophet (greedy bots), in the second
    set after losing the first 0-2, with lasting spells on the table."""
    names = ["The Constable", "The Sorceress", "The Rogue", "The Prophet"]
    seats = [
        SeatInfo("Constable"),
        SeatInfo("Sorceress", "greedy"),
        SeatInfo("Rogue"),
        SeatInfo("Prophet", "greedy"),
    ]
    options = {"books": [list(PREMADE[name]) for name in names], "book_names": names}
    match = Match(GAME, seats, options, seed)
    return _play_until(match, lambda s: s.round >= 3 and s.stage == "choose" and len(s.lasting) >= 2, seed)


EXAMPLES: dict[str, tuple[Callable[[], Match], str]] = {
    "thats-wizard-duel.json": (
        duel_match,
        N_("A 1 vs 1 match in its second duel: the Crone (a person) against the Dark Lord (a Medium bot)."),
    ),
    "thats-wizard-duos.json": (
        duos_match,
        N_(
            "A Duos match in its second set, the first lost 0-2 by the Constable and the Rogue (people) against the "
            "Sorceress and the Prophet (Medium bots); lasting spells in play."
        ),
    ),
}
