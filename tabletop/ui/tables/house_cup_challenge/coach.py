"""House Cup Challenge's guided first game: two friends, you as Harry (who holds the Wand, so you start) and a
Medium bot as Hermione; the steps of the first round (laying the first Adventure Cards, your abilities, your
hand, an action, the three steps of a round, VP and the Gryffindor track, Draw and Pass).

The guide's words are this game's messages (``N_``): the coach shows them through this game's catalogue.
"""

from __future__ import annotations

import pygame

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.i18n import N_
from tabletop.ui.tables.coach import Guide, Rects, Step, panel_words
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable

ACTIONS = (ev.Move, ev.PlayHere, ev.PlayThere, ev.DrawCards, ev.Pass, ev.UseSpecial)


def guided_match(seed: int) -> Match:
    seats = [SeatInfo("Ada", "human"), SeatInfo("Ben", "medium")]
    options = {"prefect": 0, "youngest": 0, "characters": ["harry", "hermione"]}
    return Match(GAMES["house-cup-challenge"], seats, options, seed)


# --- what the steps point at -------------------------------------------------------------------------------
def free_spaces(table: ChallengeTable) -> Rects:
    panel = table.panel.rect if table.panel is not None else pygame.Rect(0, 0, 0, 0)
    cells = [table.layout.cells[cell] for cell in table.targets("") if cell]
    cells = [rect for rect in cells if not rect.colliderect(panel)] or cells  # (those the panel leaves in view)
    return [cells[0].unionall(cells)] if cells else []


def me(table: ChallengeTable) -> Rects:
    """The person's panel, with what they may already act on kept clear (a tap under the bubble is the
    bubble's): their character, their hand and the board a card of it is played on, the board giving way first."""
    return [table.layout.players[table.view.seat], *playing(table), table.layout.board]


def hand(table: ChallengeTable) -> Rects:
    return [table.layout.hand_cards, table.hits.rect_of("token", table.view.seat), table.layout.board]


def my_character(table: ChallengeTable) -> Rects:
    """The character, with the board it walks on and the hand kept clear."""
    return [table.hits.rect_of("token", table.view.seat), table.layout.board, table.layout.hand_cards]


def playing(table: ChallengeTable) -> list[pygame.Rect | None]:
    """What a tip told while the person acts leaves clear: their character (a bubble over it hides it and takes
    the press that would drag it) and their hand."""
    return [table.hits.rect_of("token", table.view.seat), table.layout.hand_cards]


def round_steps(table: ChallengeTable) -> Rects:
    """The strip of the round's six steps under the track (the tip pointed at nothing, and stood over the board
    beside the strip it told of: the French guided review)."""
    return [table.layout.round_steps, *playing(table)]


def track(table: ChallengeTable) -> Rects:
    return [table.layout.track, *playing(table)]


def draw_and_pass(table: ChallengeTable) -> Rects:
    return [table.layout.draw_button.union(table.layout.pass_button), *playing(table)]


# --- when a step is done or may be shown ----------------------------------------------------------------------
def placing(table: ChallengeTable) -> bool:
    return table.placing() is not None


def actions(table: ChallengeTable) -> int:
    seat = table.view.seat
    return sum(isinstance(c, ACTIONS) and c.seat == seat for c in table.session.match.log)


def acted(table: ChallengeTable) -> bool:
    return actions(table) >= 1


def acting_again(table: ChallengeTable) -> bool:
    """The person acts again, with nothing chosen yet: a tip waits while a character or a card is held or chosen
    by a tap (its bubble would stand over the spaces then lit, and take the tap meant for one)."""
    return acted(table) and table.can_act() and not table.held()


def token_asked(table: ChallengeTable) -> bool:
    """The rules offer the person their Wand Bonus Token's flip (two players, right after an action)."""
    task = table.view.tasks[-1] if table.view.tasks else None
    return task is not None and task.kind == "token" and table.my_turn() and table.panel is not None


def token_answered(table: ChallengeTable) -> bool:
    seat = table.view.seat
    return any(isinstance(c, ev.WandBonus) and c.seat == seat for c in table.session.match.log)


STEPS = (
    Step(
        N_(
            "The Wand holder lays the first Adventure Cards. Your new card is shown first in your hand: choose a lit "
            "space on the board to lay it there."
        ),
        free_spaces,
        done=ChallengeTable.can_act,
        ready=placing,
    ),
    Step(
        N_("This is you, Harry: Knowledge (K), Skill (S) and Honor (H). An Adventure Card's Test asks for them."),
        me,
        ready=ChallengeTable.can_act,
    ),
    Step(
        N_(
            "Your hand of Adventure Cards. Rest the mouse on one, hold a finger on it or press Z on it to read its "
            "Test, its VP and the spaces it can be played on."
        ),
        hand,
        ready=ChallengeTable.can_act,
    ),
    Step(
        N_(
            "One action now. Choose your character (ringed): the spaces it can reach light up. Move it up to 3 "
            "spaces, onto a card to take on its Test. Or choose a card of your hand, then a lit space to play it on."
        ),
        my_character,
        done=acted,
        ready=ChallengeTable.can_act,
        arrow=False,
    ),
    Step(
        N_(
            "With two players each has a Wand Bonus Token. Right after an action you may flip it face down for one "
            "more action at once; it turns face up when the Wand comes back to you. Flip it, or keep it for later "
            "(the Extra action switch by Draw and Pass answers before you act: it flips right after the action)."
        ),
        panel_words,
        done=token_answered,
        ready=token_asked,
        over_panel=True,
    ),
    Step(
        N_(
            "A round has three action steps: the Wand holder acts first, then the others, three times over. Then new "
            "cards come and the Wand passes."
        ),
        round_steps,
        ready=acting_again,
    ),
    Step(
        N_(
            "A passed Test gives you its VP and moves Gryffindor up this track by as much. When Gryffindor reaches "
            "500, the friend with the most VP wins."
        ),
        track,
        ready=acting_again,
    ),
    Step(
        N_("Nothing good in reach? Draw two cards, or Pass. Over to you!"),
        draw_and_pass,
        ready=acting_again,
    ),
)

SUMMARY = (
    (
        N_("On your turn"),
        N_(
            "Each round has three steps; in each, everyone takes one action in turn from the Wand holder: walk up "
            "to 3 spaces, play a card to your space (you take it on at once) or to another space (then draw 3), use "
            "a Special Card, draw 2 cards (Hermione draws 3), or pass."
        ),
    ),
    (
        N_("How points are won"),
        N_(
            "Walk onto a card's space to take on its Test: your Knowledge, Skill or Honor must reach its number (you "
            "may discard up to 2 cards for +1 each; Ron's give +2). Passed, the card gives you its VP and a reward; "
            "failed, you lose a card and step back."
        ),
    ),
    (
        N_("How the game ends"),
        N_(
            "Every VP won also moves the shared Gryffindor token. When Gryffindor reaches 500, the player with the "
            "most VP wins."
        ),
    ),
)


GUIDE = Guide("house-cup-challenge", SUMMARY, STEPS, guided_match)


def why_not(table: ChallengeTable, kind: str, pos: tuple[int, int]) -> str | None:
    """Why a drag of someone else's character or of a card on the board (or a hand card out of turn) did
    nothing. None while the tap's answer is the choice it opened (the character picked up, a tap on a card's
    space opens "Choose how": a refusal said to walk there at the same moment)."""
    placed = table.hits.at(pos, "token", "card")
    if placed is None or table.choosing is not None:
        return None
    if placed.kind == "token" and isinstance(placed.item, int) and placed.item != table.view.seat:
        return _("That is {name}'s character: move your own.").format(name=table.session.name(placed.item))
    if placed.kind == "card" and placed.item not in (table.view.me.hand or ()):
        return _("A card on the board is taken on by walking onto its space: move your character there.")
    if not table.can_act() and table.view.to_act and table.view.to_act[0] != table.view.seat:
        return _("It is {name}'s turn.").format(name=table.session.name(table.view.to_act[0]))
    return None


__all__ = ["GUIDE", "why_not"]
