"""House Cup: card drafting on a Monday-Friday timetable with secret numbered tokens, 2-4 players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.protocol import Command, Event, Result, View
from tabletop.core.rng import Rng
from tabletop.games.house_cup import rules, rules_text
from tabletop.games.house_cup.bots import BOT_TYPES, playout_policy
from tabletop.games.house_cup.cards import HOUSES
from tabletop.games.house_cup.events import COMMAND_TYPES
from tabletop.games.house_cup.state import HouseCupState
from tabletop.games.house_cup.text import describe
from tabletop.games.house_cup.view import HouseCupView, make_view, sample_state


class HouseCup:
    id = "house-cup"
    title = "House Cup"
    blurb = "Draft cards from a Monday-Friday timetable with secret numbered tokens."
    min_players = 2
    max_players = 4
    playable = True
    rules_version = 2  # 2: an IMMEDIATELY card acts the moment it is received (the State lost taken_instants)
    state_type: type = HouseCupState
    view_type: type = HouseCupView
    command_types: Mapping[str, type[Command]] = COMMAND_TYPES
    bot_types = BOT_TYPES
    score_scale = 40.0

    def playout_policy(self, game: Any, state: HouseCupState, seat: int, legal: list[Command], rng: Rng) -> Command:
        return playout_policy(game, state, seat, legal, rng)

    def default_options(self, players: int) -> dict[str, Any]:
        return {"houses": list(HOUSES[:players]), "first": 0}

    def check_options(self, players: int, options: Mapping[str, Any]) -> str | None:
        return rules.check_options(players, options)

    def seat_label(self, options: Mapping[str, Any], seat: int) -> str:
        return options["houses"][seat]

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> HouseCupState:
        return rules.setup(players, options, seed)

    def to_act(self, state: HouseCupState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal(self, state: HouseCupState, seat: int) -> list[Command]:
        return rules.legal(state, seat)

    def apply(self, state: HouseCupState, command: Command) -> list[Event]:
        return rules.apply(state, command)

    def view(self, state: HouseCupState, seat: int) -> HouseCupView:
        return make_view(state, seat)

    def result(self, state: HouseCupState) -> Result | None:
        return rules.result(state)

    def sample(self, view: View, rng: Rng) -> HouseCupState:
        assert isinstance(view, HouseCupView)
        return sample_state(view, rng)

    def check_state(self, state: HouseCupState) -> list[str]:
        return rules.check_state(state)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return describe(event, names)

    def opening(self, state: HouseCupState) -> list[Event]:
        """What the log tells of the position a game starts from (the first deal, who holds the hat)."""
        from tabletop.games.house_cup.events import Dealt, RoundStarted

        laid = tuple(card for day in state.days for card in day)
        return [RoundStarted(state.round, state.rounds, state.first), Dealt(laid, len(state.deck))]

    def rules_sections(self) -> list[tuple[str, str]]:
        return list(rules_text.SECTIONS)

    def card_entries(self) -> list[tuple[str, str]]:
        return rules_text.card_list()

    def has_secrets(self, state: HouseCupState, seat: int) -> bool:
        """Whether the table shown to ``seat`` holds something another person must not see."""
        if state.phase in ("place", "take"):
            return True
        return any(task.kind == "search" and task.seat == seat for task in state.tasks)

    def progress(self, state: HouseCupState) -> str:
        if state.phase in ("end", "over"):
            return "Final scoring"
        return f"Round {state.round} of {state.rounds}"


GAME = HouseCup()
