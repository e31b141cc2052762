"""House Cup Challenge: an adventure on the castle grid over five school years, 2-4 players."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.protocol import Command, Event, Result, View
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import rules, rules_text
from tabletop.games.house_cup_challenge.bots import BOT_TYPES, playout_policy, search_candidates
from tabletop.games.house_cup_challenge.cards import CHARACTERS
from tabletop.games.house_cup_challenge.events import COMMAND_TYPES
from tabletop.games.house_cup_challenge.state import ChallengeState
from tabletop.games.house_cup_challenge.text import describe
from tabletop.games.house_cup_challenge.view import ChallengeView, make_view, sample_state


class HouseCupChallenge:
    id = "house-cup-challenge"
    title = "House Cup Challenge"
    blurb = "Adventure through the castle grid over five school years of adventure cards."
    min_players = 2
    max_players = 4
    playable = True
    rules_version = 2  # 2: the "who encounters" choice keeps its seats apart from cells (Task.seats)
    state_type = ChallengeState
    view_type = ChallengeView
    command_types: Mapping[str, type[Command]] = COMMAND_TYPES
    bot_types = BOT_TYPES
    playout_policy = staticmethod(playout_policy)  # the hard bot's playouts
    search_candidates = staticmethod(search_candidates)  # the actions the hard bot compares (the best few)
    score_scale = 40.0  # VP margin that counts as clear in the hard bot's reward
    playout_depth = 60  # the hard bot's playouts stop after this many commands and ``evaluate`` the position
    # A game asks the hard bot about a hundred questions (each small: the search compares a few actions), so
    # it thinks 0.4 s a question instead of the usual 0.8: under a minute of waiting in a whole game.
    hard_budget = 0.4

    def evaluate(self, state: ChallengeState, seat: int) -> float:
        """A playout cut short: the win chance read from the VP lead (VP decide the winner at the end)."""
        vps = [player.vp for player in state.players]
        rival = max(vp for other, vp in enumerate(vps) if other != seat)
        return 0.5 + 0.5 * math.tanh((vps[seat] - rival) / self.score_scale)

    def default_options(self, players: int) -> dict[str, Any]:
        return {"prefect": 0, "youngest": 0, "characters": None}

    def check_options(self, players: int, options: Mapping[str, Any]) -> str | None:
        return rules.check_options(players, options)

    def seat_label(self, options: Mapping[str, Any], seat: int) -> str:
        characters = options.get("characters")
        if isinstance(characters, list) and seat < len(characters):
            return CHARACTERS[characters[seat]].name
        return f"Seat {seat + 1}"

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> ChallengeState:
        return rules.setup(players, options, seed)

    def to_act(self, state: ChallengeState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal(self, state: ChallengeState, seat: int) -> list[Command]:
        return rules.legal(state, seat)

    def apply(self, state: ChallengeState, command: Command) -> list[Event]:
        return rules.apply(state, command)

    def view(self, state: ChallengeState, seat: int) -> ChallengeView:
        return make_view(state, seat)

    def result(self, state: ChallengeState) -> Result | None:
        return rules.result(state)

    def sample(self, view: View, rng: Rng) -> ChallengeState:
        assert isinstance(view, ChallengeView)
        return sample_state(view, rng)

    def check_state(self, state: ChallengeState) -> list[str]:
        return rules.check_state(state)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return describe(event, names)

    def opening(self, state: ChallengeState) -> list[Event]:
        return rules.opening(state)

    def rules_sections(self) -> list[tuple[str, str]]:
        return list(rules_text.SECTIONS)

    def card_entries(self) -> list[tuple[str, str]]:
        return rules_text.card_list()

    def has_secrets(self, state: ChallengeState, seat: int) -> bool:
        """Every seat holds a hidden hand, so the screen is always private to one person."""
        return True

    def progress(self, state: ChallengeState) -> str:
        if state.over:
            return "Finished"
        return f"Year {state.year}, round {state.round}, Gryffindor {state.track}"


GAME = HouseCupChallenge()
