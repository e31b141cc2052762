"""Stupéfix: houses in teams, secret spells and live wand pointing, 4-8 players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.protocol import Command, Event, Result, View
from tabletop.core.rng import Rng
from tabletop.games.stupefix import rules, rules_text
from tabletop.games.stupefix.bots import BOT_TYPES
from tabletop.games.stupefix.cards import CHOUCHOU_CARD, ROUNDS, default_houses
from tabletop.games.stupefix.events import COMMAND_TYPES, PhaseStarted, RewardsRevealed, RoundStarted
from tabletop.games.stupefix.scoring import evaluate_position
from tabletop.games.stupefix.state import StupefixState
from tabletop.games.stupefix.text import describe
from tabletop.games.stupefix.view import StupefixView, make_view, sample_state


class Stupefix:
    id = "stupefix"
    title = "Stupéfix"
    blurb = "Houses in teams: prepare a secret spell, point your wand, cast or shield yourself."
    min_players = 4
    max_players = 8
    playable = True
    rules_version = 1
    state_type = StupefixState
    view_type = StupefixView
    command_types: Mapping[str, type[Command]] = COMMAND_TYPES
    bot_types = BOT_TYPES
    score_scale = 150.0  # house scores run to several hundred points (the search bot's margin scale)
    playout_depth = 45  # the hard bot's playouts stop after about a round and a half and ``evaluate``

    def evaluate(self, state: StupefixState, seat: int) -> float:
        """A playout cut short: the win chance read from the houses' totals as if the game ended now."""
        return evaluate_position(state, seat, self.score_scale)

    def default_options(self, players: int) -> dict[str, Any]:
        return {"houses": default_houses(players), "chouchou": None}

    def check_options(self, players: int, options: Mapping[str, Any]) -> str | None:
        return rules.check_options(players, options)

    def seat_label(self, options: Mapping[str, Any], seat: int) -> str:
        return options["houses"][seat]

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> StupefixState:
        return rules.setup(players, options, seed)

    def to_act(self, state: StupefixState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal(self, state: StupefixState, seat: int) -> list[Command]:
        return rules.legal(state, seat)

    def apply(self, state: StupefixState, command: Command) -> list[Event]:
        return rules.apply(state, command)

    def view(self, state: StupefixState, seat: int) -> StupefixView:
        return make_view(state, seat)

    def result(self, state: StupefixState) -> Result | None:
        return rules.result(state)

    def sample(self, view: View, rng: Rng) -> StupefixState:
        assert isinstance(view, StupefixView)
        return sample_state(view, rng)

    def check_state(self, state: StupefixState) -> list[str]:
        return rules.check_state(state)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return describe(event, names)

    def opening(self, state: StupefixState) -> list[Event]:
        """What the log tells of the starting position: round 1, its Chouchou and its rewards."""
        drawn = tuple(kind for kind in state.row if kind != CHOUCHOU_CARD)
        return [
            RoundStarted(state.round, ROUNDS, state.chouchou),
            RewardsRevealed(drawn, len(state.deck)),
            PhaseStarted(state.phase),
        ]

    def rules_sections(self) -> list[tuple[str, str]]:
        return list(rules_text.SECTIONS)

    def card_entries(self) -> list[tuple[str, str]]:
        return rules_text.card_list()

    def team_of(self, state: StupefixState, seat: int) -> str:
        """A house is a team: the search bot measures its margin against the other houses."""
        return state.houses[seat]

    def has_secrets(self, state: StupefixState, seat: int) -> bool:
        """Every seat holds secret spell cards until the last round's card is cast."""
        return state.phase != "over" and (bool(state.hands[seat]) or state.prepared[seat] is not None)

    def progress(self, state: StupefixState) -> str:
        if state.phase == "over":
            return "Final scoring"
        return f"Round {state.round} of {ROUNDS}, {rules.PHASE_NAMES[state.phase]}"


GAME = Stupefix()
