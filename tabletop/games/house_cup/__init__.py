"""House Cup: card drafting on a Monday-Friday timetable with secret numbered tokens, 2-4 players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.protocol import Event, Game, SearchSettings
from tabletop.games.house_cup import checks, rules, rules_text
from tabletop.games.house_cup.bots import BOT_TYPES, playout_policy
from tabletop.games.house_cup.cards import HOUSES
from tabletop.games.house_cup.events import COMMAND_TYPES, Dealt, RoundStarted
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.i18n import phrase
from tabletop.games.house_cup.scoring import quidditch_leaders, score_player
from tabletop.games.house_cup.state import HouseCupState
from tabletop.games.house_cup.text import describe, secret_lines
from tabletop.games.house_cup.view import HouseCupView, make_view, sample_state
from tabletop.i18n import N_, NC_, Phrase

BLURB = N_("Draft activity cards from a Monday-Friday timetable with secret numbered tokens.")


def default_options(players: int) -> dict[str, Any]:
    return {"houses": list(HOUSES[:players]), "first": 0}


def seat_label(options: Mapping[str, Any], seat: int) -> str:
    return options["houses"][seat]


def opening(state: HouseCupState) -> list[Event]:
    """What the log tells of the position a game starts from (the first deal, who holds the hat)."""
    laid = tuple(card for day in state.days for card in day)
    return [RoundStarted(state.round, state.rounds, state.first), Dealt(laid, len(state.deck))]


def has_secrets(state: HouseCupState, seat: int) -> bool:
    """Whether the table shown to ``seat`` holds something another person must not see: its tokens' numbers
    while any lies face down (while placing, all of them), or the cards it searches. Once its tokens are all
    turned over (Friday's taking), a take passes the screen without a cover (each one asked for a tap)."""
    if state.phase == "place":
        return True
    if state.phase == "take" and any(not token.revealed and token.seat == seat for day in state.under for token in day):
        return True
    return any(task.kind == "search" and task.seat == seat for task in state.tasks)


HOUSE = N_("house")  # the statistics' key of a seat's house (kept in English in the history)


def statistics(state: HouseCupState, events: Sequence[Event]) -> list[dict[str, Any]]:
    """Each seat's house (the history's rows show it: "Hufflepuff wins" named no seat) and its final points by
    category (sets, Quidditch, help...), as the results screen shows them."""
    leaders = quidditch_leaders(state.tableau, state.houses)
    figures = []
    for seat in range(state.players):
        flywheel = state.flywheel_set if "flywheel-1" in state.tableau[seat] else None
        tally = score_player(state.tableau[seat], state.rewards[seat], state.houses[seat], leaders, flywheel)
        figures.append({HOUSE: state.houses[seat], **dict(tally.by_category())})
    return figures


def progress(state: HouseCupState) -> Phrase:
    if state.phase in ("end", "over"):
        return phrase(N_("Final scoring"))
    return phrase(N_("Round {round} of {rounds}"), round=state.round, rounds=state.rounds)


GAME: Game[HouseCupState, HouseCupView] = Game(
    id="house-cup",
    title=NC_("game title", "House Cup"),
    blurb=BLURB,
    emblem="hat",
    player_counts=(2, 3, 4),
    # 2: an IMMEDIATELY card acts the moment it is received (the State lost taken_instants); 3: a card kept with
    # Help Searching for Points acts too (it is received from the deck); 4: Help Searching for Points may keep none,
    # so even one card looked at is a choice (it was kept at once)
    rules_version=4,
    state_type=HouseCupState,
    view_type=HouseCupView,
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
    has_secrets=has_secrets,
    opening=opening,
    statistics=statistics,
    secrets=secret_lines,
    gettext=_,
    rules_sections=rules_text.sections,
    card_entries=rules_text.card_list,
    bot_types=BOT_TYPES,
    search=SearchSettings(playout_policy=playout_policy, score_scale=40.0),
)
