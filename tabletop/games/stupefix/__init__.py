"""Stupéfix: houses in teams, secret spells and live wand pointing, 4-8 players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.protocol import Event, Game, SearchSettings
from tabletop.games.stupefix import checks, rules, rules_text
from tabletop.games.stupefix.bots import BOT_TYPES, bot_moves, playout_policy
from tabletop.games.stupefix.cards import CHOUCHOU_CARD, ROUNDS, default_houses, house_name
from tabletop.games.stupefix.events import COMMAND_TYPES, FlagDown, PhaseStarted, RewardsRevealed, RoundStarted
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.i18n import phrase
from tabletop.games.stupefix.scoring import evaluate_position
from tabletop.games.stupefix.state import StupefixState
from tabletop.games.stupefix.text import describe, secret_lines
from tabletop.games.stupefix.view import StupefixView, make_view, sample_state
from tabletop.i18n import N_, NC_, Phrase

# The New game screen's line (a message id: the Game record is made once, so the shell translates it where shown).
BLURB = N_("Houses in teams: prepare a secret spell, point your wand, cast or shield yourself.")
# What the statistics count: a key kept in the history as it is (in English), to translate where it is shown.
TIMES_STUNNED = N_("times stunned")
SCORE_SCALE = 150.0  # house scores run to several hundred points (the search bot's margin scale)


def default_options(players: int) -> dict[str, Any]:
    return {"houses": default_houses(players), "chouchou": None}


def seat_label(options: Mapping[str, Any], seat: int) -> str:
    return house_name(options["houses"][seat])


def evaluate(state: StupefixState, seat: int) -> float:
    """A playout cut short: the win chance read from the houses' totals as if the game ended now."""
    return evaluate_position(state, seat, SCORE_SCALE)


def opening(state: StupefixState) -> list[Event]:
    """What the log tells of the starting position: round 1, its Chouchou and its rewards."""
    drawn = tuple(kind for kind in state.row if kind != CHOUCHOU_CARD)
    return [
        RoundStarted(state.round, ROUNDS, state.chouchou),
        RewardsRevealed(drawn, len(state.deck)),
        PhaseStarted(state.phase),
    ]


def team_of(state: StupefixState, seat: int) -> str:
    """A house is a team: the search bot measures its margin against the other houses."""
    return state.houses[seat]


def side_of(options: Mapping[str, Any], players: int, seat: int) -> str:
    """A house is a side: its players win together."""
    return str(options["houses"][seat])


def has_secrets(state: StupefixState, seat: int) -> bool:
    """Every seat holds secret spell cards until the last round's card is cast."""
    return state.phase != "over" and (bool(state.hands[seat]) or state.prepared[seat] is not None)


def in_public(state: StupefixState) -> bool:
    """The wand pointing (phase 3) and the sharing of rewards (phase 6) happen in the open, everyone at once;
    the spell, Cast or Protego, and the Stupéfix a Cours Particuliers takes are chosen in secret."""
    if state.phase == "target":
        return True
    return state.phase == "draft" and not (state.tasks and state.tasks[-1].kind == "cours")


def statistics(state: StupefixState, events: Sequence[Event]) -> list[dict[str, Any]]:
    """How many times each seat was stunned (its flag knocked down by a Stupéfix)."""
    stunned = [0] * state.players
    for event in events:
        if isinstance(event, FlagDown) and event.reason == "stunned":
            stunned[event.seat] += 1
    return [{TIMES_STUNNED: count} for count in stunned]


def progress(state: StupefixState) -> Phrase:
    if state.phase == "over":
        return phrase(N_("Final scoring"))
    line = N_("Round {round} of {rounds}, {phase}")
    return phrase(line, round=state.round, rounds=ROUNDS, phase=phrase(rules.PHASE_NAMES[state.phase]))


def chapter(state: StupefixState) -> Phrase:
    if state.phase == "over":
        return phrase(N_("Final scoring"))
    return phrase(N_("Round {round} of {rounds}"), round=state.round, rounds=ROUNDS)


GAME: Game[StupefixState, StupefixView] = Game(
    id="stupefix",
    title=NC_("game title", "Stupéfix"),
    blurb=BLURB,
    emblem="stupefix/spell_stupefix",
    player_counts=(4, 5, 6, 7, 8),
    rules_version=1,
    state_type=StupefixState,
    view_type=StupefixView,
    command_types=COMMAND_TYPES,
    default_options=default_options,
    check_options=rules.check_options,
    seat_label=seat_label,
    setup=rules.setup,
    to_act=rules.to_act,
    legal=rules.legal,
    play=rules.apply,
    view=make_view,
    result=rules.result,
    sample=sample_state,
    check_state=checks.check_state,
    describe=describe,
    progress=progress,
    chapter=chapter,
    has_secrets=has_secrets,
    in_public=in_public,
    opening=opening,
    statistics=statistics,
    side_of=side_of,
    secrets=secret_lines,
    gettext=_,
    rules_sections=rules_text.sections,
    card_entries=rules_text.card_list,
    bot_types=BOT_TYPES,
    bot_moves=bot_moves,  # what bots weigh: legal less pointing at nobody and the smaller Points cards
    # The hard bot's playouts play the greedy heuristic on the sampled state, stop after about a round and a half
    # and ``evaluate`` the houses' totals.
    search=SearchSettings(
        playout_policy=playout_policy, evaluate=evaluate, playout_depth=45, team_of=team_of, score_scale=SCORE_SCALE
    ),
)
