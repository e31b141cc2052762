"""That's Wizard!: a spellbook duel, 1 vs 1 (best of three) or Duos (2 vs 2), with secret Spell Power dials."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.protocol import Event, Game, SearchSettings
from tabletop.games.thats_wizard import checks, rules, rules_text
from tabletop.games.thats_wizard.bots import (
    BOT_TYPES,
    bot_moves,
    duels_finished,
    paired_choice,
    playout_policy,
    settled_value,
)
from tabletop.games.thats_wizard.cards import DUOS_PAIRS, PREMADE, name_en
from tabletop.games.thats_wizard.events import COMMAND_TYPES
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.i18n import phrase
from tabletop.games.thats_wizard.spellbooks import rematch_options
from tabletop.games.thats_wizard.state import ThatsWizardState
from tabletop.games.thats_wizard.text import describe, secret_lines
from tabletop.games.thats_wizard.view import ThatsWizardView, make_view, sample_state
from tabletop.i18n import N_, NC_, Phrase

DEFAULT_SOLO = ("The Dark Lord", "The Boy Wizard")
BLURB = N_("Build a spellbook and duel: secret spells, Spell Power dials, Stamina and Power.")
SPELLBOOK, DUELS_WON = N_("spellbook"), N_("duels won")  # the statistics' keys, kept in English in the history


def default_options(players: int) -> dict[str, Any]:
    if players == 4:
        (a1, a2), (b1, b2) = DUOS_PAIRS
        names = [a1, b1, a2, b2]
    else:
        names = list(DEFAULT_SOLO[:players])
    return {"books": [list(PREMADE[book]) for book in names], "book_names": names}


def seat_label(options: Mapping[str, Any], seat: int) -> str:
    players = len(options.get("books", ())) or 2
    blue = seat % 2 == 0
    if players == 2:
        return _("Blue wizard") if blue else _("Yellow wizard")
    line = _("Blue {number}") if blue else _("Yellow {number}")
    return line.format(number=seat // 2 + 1)


def has_secrets(state: ThatsWizardState, seat: int) -> bool:
    """Every wizard holds a secret hand and side board until the match is over."""
    return state.stage != "over"


def statistics(state: ThatsWizardState, events: Sequence[Event]) -> list[dict[str, Any]]:
    """Each wizard's spellbook (by its premade name, or "own" and its spells) and the duels they won. The figures
    are kept in the history, so they are in English (their labels are in the catalogue for the screens)."""
    figures = []
    for seat, book in enumerate(state.books):
        premade = next((title for title, cards in PREMADE.items() if sorted(cards) == sorted(book)), None)
        label = premade or "own: " + ", ".join(sorted(name_en(card) for card in book))
        figures.append({SPELLBOOK: label, DUELS_WON: state.duel_winners.count(seat)})
    return figures


def progress(state: ThatsWizardState) -> Phrase:
    """ "Duel 2, round 5 (1-0)", put into words in the language shown."""
    if state.stage == "over":
        return phrase(N_("Match over"))
    values = {"number": state.duel, "round": max(1, state.round), "blue": state.tokens[0], "yellow": state.tokens[1]}
    sideboard = state.stage == "sideboard"
    if state.duos and state.duel == 3:
        if sideboard:
            return phrase(N_("Sudden death, choosing side boards ({blue}-{yellow})"), **values)
        return phrase(N_("Sudden death, round {round} ({blue}-{yellow})"), **values)
    if state.duos:
        if sideboard:
            return phrase(N_("Set {number}, choosing side boards ({blue}-{yellow})"), **values)
        return phrase(N_("Set {number}, round {round} ({blue}-{yellow})"), **values)
    if sideboard:
        return phrase(N_("Duel {number}, choosing side boards ({blue}-{yellow})"), **values)
    return phrase(N_("Duel {number}, round {round} ({blue}-{yellow})"), **values)


def side_of(options: Mapping[str, Any], players: int, seat: int) -> int:
    """In Duos the even seats are a team and the odd ones the other (``ThatsWizardState.team``)."""
    return seat % 2 if players == 4 else seat


def team_of(state: ThatsWizardState, seat: int) -> int:
    """The search bot's side: in Duos a partner's win is its own and the margin is over the other team only."""
    return side_of({}, state.players, seat)


GAME: Game[ThatsWizardState, ThatsWizardView] = Game(
    id="thats-wizard",
    title=NC_("game title", "That's Wizard!"),
    blurb=BLURB,
    emblem="thats_wizard/back_blue",
    player_counts=(2, 4),  # 1 vs 1 or Duos: there is no 3-player game (see check_options)
    players_label=N_("1 vs 1, 2 vs 2"),
    table_names={2: N_("1 vs 1"), 4: N_("Duos (2 vs 2)")},
    # 2: stalled duels (concede, agreed draw) and each wizard's lowest Stamina in the state; 3: a turned-back Shock
    # or Arithmancy reads "your opponent" as its caster; 4: a Conflagration felling both opponents rolls for the
    # order of the falls; 5: a Shock whose opponent takes no turn asks its caster to go first or second
    rules_version=5,
    state_type=ThatsWizardState,
    view_type=ThatsWizardView,
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
    shared_choice=rules.shared_choice,
    opening=rules.opening,
    statistics=statistics,
    side_of=side_of,
    rematch_options=rematch_options,
    secrets=secret_lines,
    gettext=_,
    rules_sections=rules_text.sections,
    card_entries=rules_text.card_list,
    bot_types=BOT_TYPES,
    bot_moves=bot_moves,  # what bots weigh: legal less the passes that show a card
    # Scores are victory tokens (a team's, in Duos); playouts move as the greedy bot, read from the state.
    # A choice of place in the turn order (a Shock's go first or second) is played out paired on the same worlds,
    # to the end of the duel (in Duos, of the set: both its duels).
    search=SearchSettings(
        playout_policy=playout_policy,
        score_scale=2.0,
        team_of=team_of,
        paired_choice=paired_choice,
        choice_horizon=duels_finished,
        settled_value=settled_value,
    ),
)
