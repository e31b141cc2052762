"""Stupéfix's guided first game: four houses of one (its smallest table), you and three Medium bots, you the
first Teacher's Pet; the steps of the first round (a secret spell, Ready and the wand, cast or Protego, the
flags, the rewards, the urns)."""

from __future__ import annotations

import pygame

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.stupefix.events import TakeReward
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.i18n import N_
from tabletop.ui.tables.coach import Guide, Rects, Step, panel_words
from tabletop.ui.tables.stupefix.table import StupefixTable

NAMES = ("Ada", "Bram", "Cleo", "Dov")


def guided_match(seed: int) -> Match:
    game = GAMES["stupefix"]
    seats = [SeatInfo(NAMES[0], "human"), *(SeatInfo(name, "medium") for name in NAMES[1:])]
    options = {**game.default_options(4), "chouchou": 0}
    return Match(game, seats, options, seed)


# --- what the steps point at -------------------------------------------------------------------------------
def my_wand(table: StupefixTable) -> Rects:
    """The wand's grip, and every seat (the places to point at) and the Ready cue kept clear."""
    side = table.layout.wand_len // 3
    grip = pygame.Rect(0, 0, side, side).move_to(center=table.wand_grip(table.view.seat))
    return [grip, *(spot.rect for spot in table.layout.seats), table.ready_button.rect]


def my_flag(table: StupefixTable) -> Rects:
    return [table.layout.seats[table.view.seat].flag, *(spot.rect for spot in table.layout.seats)]


def rewards(table: StupefixTable) -> Rects:
    row = table.layout.row
    return [row[0].unionall(row), table.layout.urn, *(spot.rect for spot in table.layout.seats)]


def scores(table: StupefixTable) -> Rects:
    """The houses' scores (the urns' row), every seat kept clear."""
    return [table.layout.urn, *(spot.rect for spot in table.layout.seats)]


# --- when a step is done or may be shown ----------------------------------------------------------------------
def preparing(table: StupefixTable) -> bool:
    return table.view.phase == "prepare" and table.panel is not None


def prepared(table: StupefixTable) -> bool:
    return table.view.my_prepared is not None or table.view.phase != "prepare"


def to_point(table: StupefixTable) -> bool:
    return table.view.phase == "target" and table.live is not None


def pointed(table: StupefixTable) -> bool:
    return table.view.pointed[table.view.seat] or table.view.phase not in ("prepare", "target")


def casting(table: StupefixTable) -> bool:
    return table.view.phase == "cast" and table.panel is not None


def cast(table: StupefixTable) -> bool:
    return table.view.decided[table.view.seat] or table.view.phase in ("draft",) or table.view.round > 1


def told(table: StupefixTable) -> bool:
    return table.view.phase == "draft" or table.view.round > 1


def my_draft(table: StupefixTable) -> bool:
    return table.view.drafter() == table.view.seat and not table.view.tasks


def drafted(table: StupefixTable) -> bool:
    took = any(isinstance(c, TakeReward) and c.seat == table.view.seat for c in table.session.match.log)
    return took or table.view.round > 1


def scores_in_sight(table: StupefixTable) -> bool:
    """The reward taken, and no choice over the table: the spell panel is docked, so the guide would not wait
    for it, and it lies over the scores the tip rings."""
    return drafted(table) and (table.panel is None or table.panel.hidden)


def next_round(table: StupefixTable) -> bool:
    """Round 1 is over (told as round 2 begins; a tip that waited, the flag's, may hold it later)."""
    return table.view.round > 1


# The steps' and the summary's texts are message ids of the game's catalogue: the coach shows them translated.
STEPS = (
    Step(
        N_(
            "Each round you lay one spell face down, in secret. Stupefy stuns the wizard your wand points at; "
            "Misfire does nothing (a bluff). Pick one of the two, then lay it face down."
        ),
        panel_words,
        done=prepared,
        ready=preparing,
        over_panel=True,
    ),
    Step(
        N_(
            "Now everyone points a wand. Press Ready: a 5-second count starts (the rule's 3 seconds once you "
            "know the game: Settings). Before it ends, point your wand from here at a wizard of another house "
            "(their place lights up)."
        ),
        my_wand,
        done=pointed,
        ready=to_point,
    ),
    Step(
        N_(
            "Look at the wands pointing at you. Cast your spell, or Protego: it shields you, but your flag goes "
            "down and you take no reward this round."
        ),
        panel_words,
        done=cast,
        ready=casting,
        over_panel=True,
    ),
    Step(
        N_(
            "Your flag: it falls when a Stupefy hits you (with a Late token for each Stupefy aimed at you) or when "
            "you cast Protego. Only the wizards whose flag stands share the round's rewards."
        ),
        my_flag,
        ready=told,
    ),
    Step(
        N_(
            "Your flag stands: choose a reward to take. The standing wizards take them in turn. Points cards go "
            "into their house's urn (the scores under the rewards); the others count at the end or act at once."
        ),
        rewards,
        done=drafted,
        ready=my_draft,
    ),
    Step(
        N_(
            "A game has 8 rounds: after the 8th, the house with the most points wins. Rest the pointer on a "
            "house's score, or tap it, to see its points. Good luck!"
        ),
        scores,
        # Once the reward is taken, while no choice lies over the table: shown over round 2's spell panel, it
        # rang the scores under it (the French guided review)
        ready=scores_in_sight,
    ),
)


# How to win: (heading, our words).
SUMMARY = (
    (
        N_("Each round"),
        N_(
            "Everyone secretly lays a spell face down (Stupefy or Misfire), then on a short count (3 seconds; 5 in "
            "this game) points a wand at a wizard of another house. Seeing the wands, each casts the spell or shields "
            "with Protego instead."
        ),
    ),
    (
        N_("How points are won"),
        N_(
            "Stupefy stuns the wizard it points at: their flag falls and they take a Late token (one for each "
            "Stupefy). Protego shields "
            "you, but lowers your own flag. Wizards whose flag still stands take the round's rewards in turn: "
            "Points cards go into their house's urn, Successful Potions and Favours count at the end."
        ),
    ),
    (
        N_("How the game ends"),
        N_(
            "After 8 rounds the house with the most points wins: its urn, plus 100 if one of its players has the "
            "most Successful Potions (nobody, when two tie for the most), less 100 for each of its players with the "
            "most Late tokens (every one tied for the most; nobody when all have as many), plus its players' "
            "Favours."
        ),
    ),
)


GUIDE = Guide("stupefix", SUMMARY, STEPS, guided_match, N_("three bots"))


def why_not(table: StupefixTable, kind: str, pos: tuple[int, int]) -> str | None:
    """Why a tap on a reward out of the draft did nothing."""
    if table.hits.item_at(pos, "reward") is None or table.view.phase == "draft" or table.reveal is not None:
        return None
    return _("Rewards are taken after the spells are cast, by the wizards whose flag still stands.")


__all__ = ["GUIDE", "why_not"]
