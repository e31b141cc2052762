"""That's Wizard!: a spellbook duel, 1 vs 1 (best of three) or Duos (2 vs 2), with secret Spell Power dials."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.protocol import Command, Event, Result, View
from tabletop.core.rng import Rng
from tabletop.games.thats_wizard import rules, rules_text
from tabletop.games.thats_wizard.bots import BOT_TYPES, bot_moves
from tabletop.games.thats_wizard.cards import DUOS_PAIRS, PREMADE
from tabletop.games.thats_wizard.events import COMMAND_TYPES
from tabletop.games.thats_wizard.state import ThatsWizardState
from tabletop.games.thats_wizard.text import describe
from tabletop.games.thats_wizard.view import ThatsWizardView, make_view, sample_state

DEFAULT_SOLO = ("The Dark Lord", "The Boy Wizard")


class ThatsWizard:
    id = "thats-wizard"
    title = "That's Wizard!"
    blurb = "Build a spellbook and duel: secret spells, Spell Power dials, Stamina and Power."
    min_players = 2
    max_players = 4
    player_counts = (2, 4)  # 1 vs 1 or Duos: there is no 3-player game (see check_options)
    score_scale = 2.0  # scores are victory tokens (for the search bot's reward)
    playable = True
    rules_version = 2  # 2: stalled duels (concede, agreed draw) and each wizard's lowest Stamina in the state
    state_type = ThatsWizardState
    view_type = ThatsWizardView
    command_types: Mapping[str, type[Command]] = COMMAND_TYPES
    bot_types = BOT_TYPES
    bot_moves = staticmethod(bot_moves)  # what bots weigh: legal less the passes that show a card

    def default_options(self, players: int) -> dict[str, Any]:
        if players == 4:
            (a1, a2), (b1, b2) = DUOS_PAIRS
            names = [a1, b1, a2, b2]
        else:
            names = list(DEFAULT_SOLO[:players])
        return {"books": [list(PREMADE[book]) for book in names], "book_names": names}

    def check_options(self, players: int, options: Mapping[str, Any]) -> str | None:
        return rules.check_options(players, options)

    def seat_label(self, options: Mapping[str, Any], seat: int) -> str:
        players = len(options.get("books", ())) or 2
        colour = rules.TEAM_NAMES[seat % 2]
        return f"{colour} wizard" if players == 2 else f"{colour} {seat // 2 + 1}"

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> ThatsWizardState:
        return rules.setup(players, options, seed)

    def to_act(self, state: ThatsWizardState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal(self, state: ThatsWizardState, seat: int) -> list[Command]:
        return rules.legal(state, seat)

    def apply(self, state: ThatsWizardState, command: Command) -> list[Event]:
        return rules.apply(state, command)

    def view(self, state: ThatsWizardState, seat: int) -> ThatsWizardView:
        return make_view(state, seat)

    def result(self, state: ThatsWizardState) -> Result | None:
        return rules.result(state)

    def sample(self, view: View, rng: Rng) -> ThatsWizardState:
        assert isinstance(view, ThatsWizardView)
        return sample_state(view, rng)

    def check_state(self, state: ThatsWizardState) -> list[str]:
        return rules.check_state(state)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return describe(event, names)

    def opening(self, state: ThatsWizardState) -> list[Event]:
        """What the log tells of the position a match starts from."""
        return rules.opening(state)

    def rules_sections(self) -> list[tuple[str, str]]:
        return list(rules_text.SECTIONS)

    def card_entries(self) -> list[tuple[str, str]]:
        return rules_text.card_list()

    def has_secrets(self, state: ThatsWizardState, seat: int) -> bool:
        """Every wizard holds a secret hand and side board until the match is over."""
        return state.stage != "over"

    def progress(self, state: ThatsWizardState) -> str:
        if state.stage == "over":
            return "Match over"
        what = "Duel" if not state.duos else "Set"
        if state.duos and state.duel == 3:
            what, number = "Sudden death", ""
        else:
            number = f" {state.duel}"
        tally = f"{state.tokens[0]}-{state.tokens[1]}"
        where = "choosing side boards" if state.stage == "sideboard" else f"round {max(1, state.round)}"
        return f"{what}{number}, {where} ({tally})"


GAME = ThatsWizard()
