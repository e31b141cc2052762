"""A referee for refusals: every "you cannot do that" the rules say must be true of the state it is said in.

Seeded random games of each game at every table size are played; at sampled steps, illegal commands of many kinds
(the contract test's generators: wrong seat, another card, impossible values; and commands that were legal at
other moments of the game, given again now by the seat to act and by waiting seats: wrong phase, a card not held,
a space not reachable...) are tried on a copy, and each refusal's reason is read back:

- the reason is matched to the message id it was made from (the ``_()``/``ngettext`` strings of the game's
  refusing code, read from the source, with their ``{fields}`` read back out), and every message id met must have
  a *checker* in ``CHECKS`` (a new message added without one fails here);
- the checker holds the message's claim against the state, worked out from the state's own fields and the
  rulebooks (not from the rules' ``legal``/``to_act``; a table's words are held against them where the claim is
  "the rules allow no such move"): "It is X's move, not Y's" only when X is to act and Y is not; "You do
  not have {card}" only when the seat does not; a day, a phase, a number named is the real one;
- a refusal leaves the state byte-identical (so the table asks the same thing after it).

A table's own refusals (a drag to a wrong place, a tap on a dead thing) are refereed the same way at real tables
below (``test_table_refusals_say_what_is_true``): a person's random taps and drags on the things drawn,
between their moves; the words the table says are read back to its message ids (``table_message_ids``) and held
against the state by ``TABLE_CHECKS``, and after an error the rules' state is unchanged and the table asks the same
thing (or, a card or token picked let go, what it asks afresh).

Message ids never met are listed by ``python tests/test_refusal_referee.py`` (with the counts judged); the rarer
ones are reached by built positions (``test_built_positions_*``: Special Cards, setbacks and Fawkes, the
Time-Turner, draw offers, Dispel, Erase Memory, falls, sudden death, Private Lessons), and the tables' rarer words
by targeted gestures at real tables (the Stupéfix wands in their count, a Challenge character out of reach, House
Cup tokens and cards dropped off their places).
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import pickle
import random
import re
import string
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop import i18n
from tabletop.core.codec import to_json
from tabletop.core.protocol import Command, Game, IllegalCommand
from tabletop.games import GAMES
from tabletop.games.house_cup import events as hc
from tabletop.games.house_cup.cards import CARDS as HC_CARDS
from tabletop.games.house_cup.cards import DAYS, SET_KINDS, house_name
from tabletop.games.house_cup_challenge import events as ch
from tabletop.games.house_cup_challenge.board import CELLS, FIREBOLT_CELLS, FLOO_CELLS, NEIGHBOURS, SPACES
from tabletop.games.house_cup_challenge.cards import ABILITY_NAMES, ADVENTURES, CHARACTERS, SPECIALS
from tabletop.games.stupefix import events as sx
from tabletop.games.stupefix.cards import REWARDS
from tabletop.games.stupefix.terms import reward_name, spell_name
from tabletop.games.thats_wizard import events as tw
from tabletop.games.thats_wizard.cards import CARDS as TW_CARDS
from tests import contract_hooks as hooks
from tests.protocol_checks import garbage_commands, key

GAMES_DIR = Path(__file__).resolve().parent.parent / "tabletop" / "games"
OPTIONS: dict[str, Callable[[int, int], dict[str, Any]]] = {
    "house-cup": hooks.house_cup_options,
    "stupefix": hooks.stupefix_options,
    "house-cup-challenge": hooks.challenge_options,
    "thats-wizard": hooks.wizard_options,
}
ILLEGAL = {
    "house-cup": hooks.house_cup_illegal,
    "stupefix": hooks.stupefix_illegal,
    "house-cup-challenge": hooks.challenge_illegal,
    "thats-wizard": hooks.wizard_illegal,
}
GAMES_PER_COUNT = {"house-cup": 1, "stupefix": 1, "house-cup-challenge": 1, "thats-wizard": 1}
EVERY = {"house-cup": 3, "stupefix": 10, "house-cup-challenge": 16, "thats-wizard": 6}  # steps between samples
AT_CHOICES = {"house-cup": 1.0, "stupefix": 1.0, "house-cup-challenge": 0.3, "thats-wizard": 0.4}  # (and choices)
JUDGED: Counter[tuple[str, str]] = Counter()  # (game, message id) -> refusals judged


# --- the message ids, read from the refusing code ------------------------------------------------------------------
PACKAGE = {
    "house-cup": "house_cup",
    "stupefix": "stupefix",
    "house-cup-challenge": "house_cup_challenge",
    "thats-wizard": "thats_wizard",
}
MODULES = {
    "house-cup": ("rules.py",),
    "stupefix": ("rules.py",),
    "house-cup-challenge": ("rules.py", "moves.py"),
    "thats-wizard": ("rules.py",),
}
# Functions that make a refusal's words without raising it themselves, and the tables of words they read.
HELPERS = {
    "house-cup": ("_waiting_for", "_not_yours_to_move", "_FIRST_CHOOSE"),
    "stupefix": ("_not_your_move", "_waiting_for"),
    "house-cup-challenge": ("waiting_for", "_not_there", "_taken", "WAITING", "WAITING_IN_ENCOUNTER"),
    "thats-wizard": ("_not_your_move", "_waiting_for", "_where_is", "_refusal", "WAITING"),
}
CORE = ("That is not a move of {title}.", "A malformed move: {problem}.")


def _strings(node: ast.AST) -> list[str]:
    out = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in ("_", "N_") and sub.args:
            first = sub.args[0]
            out += [first.value] if isinstance(first, ast.Constant) and isinstance(first.value, str) else []
    return out


def _named(node: ast.stmt) -> str | None:
    if isinstance(node, ast.FunctionDef):
        return node.name
    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    return None


@cache
def message_ids(game_id: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(message id, its forms: singular and plural) of every refusal ``game_id``'s rules can make."""
    found: dict[str, tuple[str, ...]] = {}
    for module in MODULES[game_id]:
        tree = ast.parse((GAMES_DIR / PACKAGE[game_id] / module).read_text(encoding="utf-8"))
        for node in tree.body:
            name = _named(node)
            refusing = any(isinstance(sub, ast.Name) and sub.id == "IllegalCommand" for sub in ast.walk(node))
            if name is None or not (refusing or name in HELPERS[game_id]):
                continue
            for sub in ast.walk(node):
                if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "ngettext":
                    forms = tuple(a.value for a in sub.args[:2] if isinstance(a, ast.Constant))
                    found[str(forms[0])] = tuple(str(form) for form in forms)
            for text in _strings(node):
                found.setdefault(text, (text,))
    if game_id == "thats-wizard":  # an illegal play's reasons (``resources.PROBLEMS``)
        from tabletop.games.thats_wizard.resources import PROBLEMS

        for text in PROBLEMS:
            found.setdefault(text, (text,))
    for text in CORE:
        found[text] = (text,)
    found.pop("seat {number}", None)  # a part of a name, not a message
    return tuple(found.items())


@cache
def pattern(form: str) -> re.Pattern[str]:
    parts, seen = [], set()
    for text, field, _spec, _conversion in string.Formatter().parse(form):
        parts.append(re.escape(text))
        if field is not None:
            parts.append(f"(?P={field})" if field in seen else f"(?P<{field}>.*?)")
            seen.add(field)
    return re.compile("".join(parts), re.DOTALL)


def literal_length(form: str) -> int:
    return sum(len(text) for text, *_rest in string.Formatter().parse(form))


def classify(game_id: str, reason: str) -> tuple[str, dict[str, str]]:
    """The message id ``reason`` was made from and the values of its fields (the most specific match)."""
    best: tuple[tuple[bool, int], str, dict[str, str]] | None = None
    for msgid, forms in message_ids(game_id):
        for form in forms:
            found = pattern(form).fullmatch(reason)
            rank = ("{problem}" in form, literal_length(form))  # (a reason wrapped whole comes first)
            if found is not None and (best is None or rank > best[0]):
                best = (rank, msgid, found.groupdict())
    assert best is not None, f"{game_id}: a refusal made from no message id of the rules: {reason!r}"
    return best[1], best[2]


# --- one refusal, and the claims checked -------------------------------------------------------------------------
@dataclass
class Refusal:
    game: Game
    state: Any  # the state the refusal was said in (untouched)
    command: Command
    reason: str
    msgid: str
    fields: dict[str, str]

    @property
    def seat(self) -> int:
        return self.command.seat

    def field(self, name: str) -> Any:
        return getattr(self.command, name, None)

    def __getitem__(self, name: str) -> str:
        return self.fields[name]


Check = Callable[[Refusal], None]


def claim(holds: bool, said: str) -> None:
    assert holds, said


def seat_in_range(r: Refusal, players: int) -> bool:
    seat = r.seat
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players


def core_checks() -> dict[str, Check]:
    def foreign(r: Refusal) -> None:
        claim(type(r.command) not in r.game.command_types.values(), "the move is one of the game's")
        claim(r["title"] == r.game.title, "another game's title")

    def malformed(r: Refusal) -> None:
        found = re.fullmatch(r"'(\w+)' must be .+, not (.+)", r["problem"])
        if found is None:
            claim(r["problem"] == "a move must be one of the game's commands", "an unknown problem")
            return
        claim(repr(getattr(r.command, found[1])) == found[2], f"the move's {found[1]} is not {found[2]}")

    return {CORE[0]: foreign, CORE[1]: malformed}


# --- House Cup ---------------------------------------------------------------------------------------------------
def hc_actor(state: Any) -> int | None:
    """Who is to act, from the rulebook: a card's effect's chooser; the seat placing; the lowest token under the
    day being taken (the higher in the stack first)."""
    if state.tasks:
        task = state.tasks[-1]
        return task.queue[0] if task.kind == "cauldron" else task.seat
    if state.phase == "place":
        return state.turn
    if state.phase == "take" and state.under[state.day]:
        lowest = min(token.value for token in state.under[state.day])
        return next(token.seat for token in state.under[state.day] if token.value == lowest)
    return None


def hc_house(state: Any, seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(state.houses):
        return house_name(state.houses[seat])
    return f"seat {seat}"


HC_TASK_COMMANDS = {
    "trouble": hc.DiscardCard,
    "letter": hc.GiveCard,
    "cauldron": hc.CauldronDiscard,
    "search": hc.KeepCard,
    "flywheel": hc.ChooseFlywheelSet,
}
HC_FIRST = {
    "trouble": "First choose the card Trouble makes you discard.",
    "letter": "First choose the card your Letter gives, and to whom.",
    "cauldron": "First decide whether to discard a card to the Magic Cauldron.",
    "search": "First choose the card to keep from your search.",
    "flywheel": "First choose the set your Flywheel of Time joins.",
}


def hc_first(kind: str) -> Check:
    def check(r: Refusal) -> None:
        state = r.state
        claim(bool(state.tasks) and state.tasks[-1].kind == kind, f"no {kind} choice is waiting")
        claim(r.seat == hc_actor(state), "the seat is not the one to choose")
        claim(not isinstance(r.command, HC_TASK_COMMANDS[kind]), "the move is the choice asked for")

    return check


def hc_checks() -> dict[str, Check]:
    def over(r: Refusal) -> None:
        claim(r.state.phase == "over", "the game is not over")

    def whose(r: Refusal) -> None:
        actor = hc_actor(r.state)
        claim(actor is not None and r.seat != actor, "the seat is the one to act")
        claim(r["house"] == hc_house(r.state, actor), f"{r['house']} is not to act")
        claim(r["other"] == hc_house(r.state, r.seat), f"{r['other']} is not the seat refused")

    def place_now(r: Refusal) -> None:
        state = r.state
        claim(not state.tasks and state.phase == "place", "it is not the time to place tokens")
        claim(r.seat == hc_actor(state), "the seat is not the one placing")
        claim(not isinstance(r.command, hc.PlaceToken), "the move places a token")

    def take_now(r: Refusal) -> None:
        state = r.state
        claim(not state.tasks and state.phase == "take", "it is not the time to take cards")
        claim(r["day"] == DAYS[state.day], f"the day taken is {DAYS[state.day]}, not {r['day']}")
        claim(bool(state.days[state.day]), f"{r['day']} has no card to take")
        claim(r.seat == hc_actor(state), "the seat is not the one taking")
        claim(not isinstance(r.command, hc.TakeCard), "the move takes a card")

    def day_range(r: Refusal) -> None:
        claim(r.field("day") not in range(len(DAYS)), "the day is one of the five")

    def placed_already(r: Refusal) -> None:
        value, seat = r.field("value"), r.seat
        claim(r["value"] == str(value) and value in (1, 2, 3), "another token's value")
        claim(value not in r.state.held[seat], "the seat still holds that token")
        under = [token for stack in r.state.under for token in stack if token.seat == seat and token.value == value]
        claim(len(under) == 1, f"the seat's {value} token is not under a day")

    def numbered(r: Refusal) -> None:
        claim(r.field("value") not in (1, 2, 3), "the token's value is 1, 2 or 3")

    def not_on_day(r: Refusal) -> None:
        claim(r["day"] == DAYS[r.state.day], f"the day taken is {DAYS[r.state.day]}")
        claim(r.field("card") not in r.state.days[r.state.day], "the card is on that day")

    def no_card(r: Refusal) -> None:
        claim(r.field("card") not in HC_CARDS, "the card exists")

    def itself(r: Refusal) -> None:
        task = r.state.tasks[-1]
        claim(r.field("card") == task.cards[0], "the card is not the one whose effect is applied")
        claim(r["card"] == HC_CARDS[task.cards[0]].title, "another card's name")

    def not_yours(r: Refusal) -> None:
        card = r.field("card")
        claim(card in HC_CARDS and r["card"] == HC_CARDS[card].title, "another card's name")
        claim(card not in r.state.tableau[r.seat], f"{r['card']} is one of the seat's cards")

    def resolving(r: Refusal) -> None:
        card = r.field("card")
        claim(card in r.state.tableau[r.seat], "the card is not the seat's")
        claim(any(task.cards and task.cards[0] == card for task in r.state.tasks), "its effect is not applied now")

    def letter_symbol(r: Refusal) -> None:
        card = r.field("card")
        claim(card in r.state.tableau[r.seat] and "letter" in HC_CARDS[card].symbols, "not a letter card of theirs")

    def opponent(r: Refusal) -> None:
        to = r.field("to")
        claim(to == r.seat or to not in range(len(r.state.houses)), "the card goes to an opponent")

    def keep(r: Refusal) -> None:
        claim(r.field("card") not in r.state.tasks[-1].cards, "the seat looks at that card")

    def flywheel_started(r: Refusal) -> None:
        kind = r.field("set")
        claim(kind in SET_KINDS, "not a set")
        claim(all(HC_CARDS[card].kind != kind for card in r.state.tableau[r.seat]), "the seat has started that set")

    def not_a_set(r: Refusal) -> None:
        claim(r.field("set") not in SET_KINDS, "it is a set")

    checks: dict[str, Check] = {
        "The game is over.": over,
        "It is {house}'s move, not {other}'s.": whose,
        "Now is the time to place a choice token under a day.": place_now,
        "Now is the time to take cards from {day}.": take_now,
        "A token goes under one of the five days, Monday to Friday.": day_range,
        "You have already placed your {value} token this round.": placed_already,
        "Choice tokens are numbered 1, 2 and 3.": numbered,
        "That card is not on {day}.": not_on_day,
        "There is no such card.": no_card,
        "{card} cannot act on itself: choose one of your other cards.": itself,
        "{card} is not one of your cards.": not_yours,
        "{card} cannot move while its own IMMEDIATELY effect is being applied.": resolving,
        "A card with the letter symbol cannot be given.": letter_symbol,
        "The card must go to an opponent.": opponent,
        "Keep one of the cards you are looking at, or none.": keep,
        "The Flywheel of Time only joins a set you have started.": flywheel_started,
        "That is not a set.": not_a_set,
    }
    checks.update({msgid: hc_first(kind) for kind, msgid in HC_FIRST.items()})
    return checks


# --- Stupéfix ----------------------------------------------------------------------------------------------------
SPELL_IDS = ("stupefix", "rate")


def sf_checks() -> dict[str, Check]:
    def over(r: Refusal) -> None:
        claim(r.state.phase == "over", "the game is not over")

    def no_player(r: Refusal) -> None:
        named = [r.seat, r.field("owner")] if isinstance(r.command, sx.ReturnRetard) else [r.seat]
        claim(any(not (isinstance(n, int) and 0 <= n < r.state.players) for n in named), "the player is at the table")

    def none_left(r: Refusal) -> None:
        state = r.state
        claim(state.phase == "prepare", "not the phase of preparing")
        claim(state.prepared[r.seat] is None and not state.hands[r.seat], "the seat has a spell card left")

    def phase_done(phase: str, done: Callable[[Any, int], bool]) -> Check:
        def check(r: Refusal) -> None:
            claim(r.state.phase == phase, f"the phase is {r.state.phase}, not {phase}")
            claim(done(r.state, r.seat), "the seat has not done it yet this round")

        return check

    def flag_down(r: Refusal) -> None:
        claim(r.state.phase == "draft" and not r.state.standing[r.seat], "the seat's flag is up")

    def drafter(r: Refusal) -> None:
        state, number = r.state, int(r["number"])
        claim(state.phase == "draft" and state.standing[r.seat], "not a standing seat in the draft")
        chooser = state.tasks[-1].seat if state.tasks else state.draft_order[state.draft_index % len(state.draft_order)]
        claim(number - 1 == chooser and chooser != r.seat, f"seat {number} is not the one choosing")
        claim(state.standing[chooser], f"seat {number}'s flag is down")

    def waiting(phase: str, todo: Callable[[Any, int], bool], kinds: tuple[type, ...]) -> Check:
        def check(r: Refusal) -> None:
            claim(r.state.phase == phase and not r.state.tasks, f"the phase is {r.state.phase}, not {phase}")
            claim(todo(r.state, r.seat), "the seat has done it already")
            if isinstance(r.command, kinds):  # (only a malformed one of the moves asked for)
                claim(isinstance(r.command, sx.CastSpell) and not isinstance(r.field("protego"), bool), "asked")

        return check

    def task(kind: str, asked: type) -> Check:
        def check(r: Refusal) -> None:
            claim(r.state.phase == "draft" and bool(r.state.tasks), "no card's choice is waiting")
            claim(r.state.tasks[-1].kind == kind and r.state.tasks[-1].seat == r.seat, f"no {kind} for the seat")
            claim(not isinstance(r.command, asked), "the move is the choice asked for")

        return check

    def take_now(r: Refusal) -> None:
        state = r.state
        claim(state.phase == "draft" and not state.tasks and state.standing[r.seat], "not a reward to take now")
        claim(not isinstance(r.command, sx.TakeReward), "the move takes a reward")

    def spell_kind(r: Refusal) -> None:
        claim(r.field("spell") not in SPELL_IDS, "a Stupefy or a Misfire")

    def no_spell(r: Refusal) -> None:
        spell = r.field("spell")
        claim(spell in SPELL_IDS and r["spell"] == spell_name(spell), "another spell's name")
        claim(spell not in r.state.hands[r.seat], f"the seat holds a {r['spell']}")

    def at_table(r: Refusal) -> None:
        target = r.field("target")
        claim(not (isinstance(target, int) and 0 <= target < r.state.players), "the target is at the table")

    def at_self(r: Refusal) -> None:
        claim(r.field("target") == r.seat, "the wand points at another")

    def teammate(r: Refusal) -> None:
        target = r.field("target")
        claim(target != r.seat and r.state.houses[target] == r.state.houses[r.seat], "not a teammate")

    def cast_words(r: Refusal) -> None:
        claim(r.state.phase == "cast", "not the phase of casting")
        claim(not isinstance(r.field("protego"), bool) or not isinstance(r.command, sx.CastSpell), "a cast")
        claim(r.state.protego[r.seat] is None, "the seat has chosen already")

    def reward_gone(r: Refusal) -> None:
        reward = r.field("reward")
        claim(reward in REWARDS and r["reward"] == reward_name(reward), "another reward's name")
        claim(reward not in r.state.row, f"{r['reward']} is in the middle of the table")

    def no_reward(r: Refusal) -> None:
        claim(r.field("reward") not in REWARDS, "the reward exists")

    def stupefy_how(r: Refusal) -> None:
        claim(not isinstance(r.field("face_down"), bool), "a face-up or face-down choice")

    def none_face_down(r: Refusal) -> None:
        claim(r.field("face_down") is True, "the seat chose a face-up one")
        claim("stupefix" not in r.state.face_down, "a Stupefy is among the face-down cards")
        claim(any(card.kind == "stupefix" for card in r.state.spell_discard), "no face-up Stupefy to take")

    def own_house(r: Refusal) -> None:
        claim(r.state.houses[r.field("owner")] != r.state.houses[r.seat], "the token is of the seat's house")

    def no_late(r: Refusal) -> None:
        owner = r.field("owner")
        claim(r.state.houses[owner] == r.state.houses[r.seat] and r.state.retard[owner] == 0, "a Late token")

    return {
        "The game is over.": over,
        "There is no such player.": no_player,
        "You have no spell card left: you prepare nothing this round, but you may still cast Protego.": none_left,
        "You have already prepared a spell this round.": phase_done("prepare", lambda s, n: s.prepared[n] is not None),
        "You have already pointed your wand this round.": phase_done("target", lambda s, n: s.pointed[n]),
        "You have already made your choice this round.": phase_done("cast", lambda s, n: s.protego[n] is not None),
        "Your flag is down: you take no reward this round.": flag_down,
        "It is seat {number}'s turn to choose.": drafter,
        "Now everyone prepares a spell card, face down.": waiting(
            "prepare", lambda s, n: s.prepared[n] is None and bool(s.hands[n]), (sx.PrepareSpell,)
        ),
        "Now is the time to point your wand at an adversary.": waiting(
            "target", lambda s, n: not s.pointed[n], (sx.PointWand,)
        ),
        "Now cast your prepared spell, or Protego.": cast_words,
        "Cast your prepared spell, or Protego.": lambda r: claim(not isinstance(r.field("protego"), bool), "a cast"),
        "First take the Stupefy of your Private Lessons: a face-up one, or a face-down one.": task(
            "cours", sx.TakeStupefix
        ),
        "First choose whose Late token the Time-Turner gives back.": task("retourneur", sx.ReturnRetard),
        "Now is the time to take a reward.": take_now,
        "Prepare a Stupefy or a Misfire card.": spell_kind,
        "You have no {spell} card left.": no_spell,
        "Point your wand at a player at the table.": at_table,
        "Your wand points at an adversary; to protect yourself, cast Protego in phase 4.": at_self,
        "You may never target a teammate: point at a wizard of another house.": teammate,
        "There is no {reward} left in the middle of the table.": reward_gone,
        "There is no such reward.": no_reward,
        "Take a face-up Stupefy, or one of the face-down cards.": stupefy_how,
        "There is no Stupefy among the face-down cards: take a face-up one.": none_face_down,
        "Only a Late token of your own house can go back.": own_house,
        "That player has no Late token.": no_late,
    }


# --- House Cup Challenge -----------------------------------------------------------------------------------------
def hcc_name(state: Any, seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < state.count:
        return CHARACTERS[state.players[seat].character].name
    return f"seat {seat}"


def space_name(cell: str) -> str:
    return SPACES[cell].name


def grid_neighbours(one: str, other: str) -> bool:
    """Two cells side by side on the 8x7 grid (a wall, when there is one, lies between such cells only)."""
    return abs(ord(one[0]) - ord(other[0])) + abs(int(one[1:]) - int(other[1:])) == 1


def connections(start: str) -> dict[str, int]:
    seen, frontier = {start: 0}, [start]
    while frontier:
        following = []
        for cell in frontier:
            for nxt in NEIGHBOURS[cell]:
                if nxt not in seen:
                    seen[nxt] = seen[cell] + 1
                    following.append(nxt)
        frontier = following
    return seen


def passes_test(abilities: dict[str, int], card: str) -> bool:
    test = ADVENTURES[card].test
    met = [abilities[ability] >= value for ability, value in test.parts]
    return all(met) if test.mode == "all" else any(met)


HCC_ENCOUNTER = {
    "boost": "First finish the encounter: boost it, or check the Test again.",
    "fawkes": "First decide whether to flip Fawkes the Phoenix for a second try.",
    "expelliarmus": "First decide whether to flip Expelliarmus to escape the setback.",
    "discard": "First choose the card your setback makes you discard.",
    "retreat": "First choose the space to retreat to.",
}
HCC_WAITING = {
    "action": "Now is the time to take an action.",
    "who": "First choose which character on that space encounters the card.",
    "token": "First decide whether to flip your Wand Bonus Token for an extra action.",
    "feast": "First choose the ability the end-of-year feast raises.",
    "holiday": "First swap cards for the summer holidays, or say you are done.",
    "place": "First choose the space for the Adventure Card just revealed.",
    "limit": "First discard down to 8 cards.",
}
HCC_ASKED: dict[str, tuple[type, ...]] = {  # the moves each task (and each step of an encounter) asks for
    "action": (ch.Move, ch.PlayHere, ch.PlayThere, ch.UseSpecial, ch.DrawCards, ch.Pass),
    "who": (ch.ChooseEncounterer,),
    "token": (ch.WandBonus,),
    "feast": (ch.Feast,),
    "holiday": (ch.Swap, ch.Done),
    "place": (ch.PlaceCard,),
    "limit": (ch.Discard,),
    "boost": (ch.Boost, ch.Check),
    "fawkes": (ch.UseFree, ch.Decline),
    "expelliarmus": (ch.UseFree, ch.Decline),
    "discard": (ch.Discard,),
    "retreat": (ch.Retreat,),
}


def hcc_task(r: Refusal) -> Any:
    return r.state.tasks[-1]


def hcc_waiting(kind: str, phase: str = "") -> Check:
    def check(r: Refusal) -> None:
        state = r.state
        claim(bool(state.tasks) and state.tasks[-1].seat == r.seat, "the seat is not the one to choose")
        task = state.tasks[-1]
        claim(task.kind == kind, f"the task is {task.kind}, not {kind}")
        if phase:
            claim(task.phase == phase, f"the encounter's step is {task.phase}, not {phase}")
        asked = HCC_ASKED.get(phase or kind, ())
        another_card = isinstance(r.command, ch.UseFree) and r.field("card") != phase  # (not the card asked about)
        claim(not isinstance(r.command, asked) or another_card, f"{type(r.command).__name__} is asked for now")

    return check


def hcc_walk_cells(r: Refusal) -> list[tuple[str, str]]:
    """The steps of the refused walk: (from, to), from the seat's space."""
    cell = r.state.players[r.seat].cell
    steps = []
    for nxt in r.field("path") or ():
        steps.append((cell, nxt))
        cell = nxt
    return steps


def hcc_checks() -> dict[str, Check]:
    def over(r: Refusal) -> None:
        claim(r.state.over, "the game is not over")

    def nobody(r: Refusal) -> None:
        claim(not r.state.tasks, "someone is to choose")
        claim(r["name"] == hcc_name(r.state, r.seat), "another name")

    def whose(r: Refusal) -> None:
        state = r.state
        claim(bool(state.tasks) and state.tasks[-1].seat != r.seat, "the seat is the one to choose")
        claim(r["name"] == hcc_name(state, state.tasks[-1].seat), f"{r['name']} is not the one to choose")
        claim(r["other"] == hcc_name(state, r.seat), "another name for the seat refused")

    def no_adventure(r: Refusal) -> None:
        claim(r.field("card") not in ADVENTURES, "the card exists")

    def not_in_hand(r: Refusal) -> None:
        card = r.field("card")
        claim(card in ADVENTURES and r["card"] == ADVENTURES[card].title, "another card's name")
        claim(card not in r.state.players[r.seat].hand, f"{r['card']} is in the seat's hand")

    def not_there(r: Refusal) -> None:
        card = r.field("card")
        cell = r.field("cell") if isinstance(r.command, ch.PlayThere) else r.state.players[r.seat].cell
        claim(r["card"] == ADVENTURES[card].title and r["space"] == space_name(cell), "other names")
        claim(cell not in ADVENTURES[card].cells, f"{r['card']} may be played on {r['space']}")

    def taken(r: Refusal) -> None:
        cell = r.field("cell") if isinstance(r.command, ch.PlayThere) else r.state.players[r.seat].cell
        claim(r["space"] == space_name(cell) and cell in r.state.board, "no face-up card there")

    def no_space(r: Refusal) -> None:
        cells = [r.field("cell")] if not isinstance(r.command, ch.Move | ch.UseSpecial) else []
        cells += list(r.field("path") or ())
        claim(any(repr(cell) == r["cell"] and cell not in CELLS for cell in cells), "the space exists")

    def own_space(r: Refusal) -> None:
        claim(r.field("cell") == r.state.players[r.seat].cell, "not the seat's own space")

    def no_special(r: Refusal) -> None:
        claim(r.field("card") not in SPECIALS, "the Special Card exists")

    def face_down(timing: str) -> Check:
        def check(r: Refusal) -> None:
            card = r.field("card")
            claim(r["card"] == SPECIALS[card].name and card in r.state.players[r.seat].specials_down, "not face down")
            # (a New Year turns the [Free] cards face up; [Action] cards wait for the Wand: effects.py)
            claim(SPECIALS[card].timing == timing, f"{r['card']} is not a [{timing}] card")

        return check

    def not_have(r: Refusal) -> None:
        card = r.field("card")
        player = r.state.players[r.seat]
        claim(r["card"] == SPECIALS[card].name, "another card's name")
        claim(card not in player.specials_up and card not in player.specials_down, f"the seat has {r['card']}")

    def not_action(r: Refusal) -> None:
        card = r.field("card")
        claim(r["card"] == SPECIALS[card].name and SPECIALS[card].timing != "action", "an action's card")

    def time_turner(r: Refusal) -> None:
        claim(hcc_task(r).extra == "time", "not a Time-Turner's action")

    def takes_no(r: Refusal) -> None:
        unused = {"path": (), "bypass": (), "cell": "", "other": -1}
        claim(r["field"] in unused and r.field(r["field"]) != unused[r["field"]], f"no {r['field']} given")

    def firebolt(r: Refusal) -> None:
        cell = r.field("cell")
        claim(cell not in FIREBOLT_CELLS or cell == r.state.players[r.seat].cell, "a Firebolt space")

    def floo(r: Refusal) -> None:
        cell = r.field("cell")
        claim(cell not in FLOO_CELLS or cell == r.state.players[r.seat].cell, "a Floo Powder space")

    def swap_with(r: Refusal) -> None:
        other = r.field("other")
        claim(other == r.seat or other not in range(r.state.count), "another character")

    def face_up_card(r: Refusal) -> None:
        claim(r.field("cell") not in r.state.board, "a face-up card lies there")

    def accio(r: Refusal) -> None:
        far = connections(r.state.players[r.seat].cell).get(r.field("cell"), 99)
        claim(far > 3, f"the card is {far} connections away")

    def on_space(r: Refusal) -> None:
        claim(r.field("target") not in hcc_task(r).seats, "the character is on that space")

    def at_most_boosts(r: Refusal) -> None:
        claim(hcc_task(r).used >= 2, f"{hcc_task(r).used} cards discarded to boost")

    def test_names(r: Refusal) -> None:
        claim(r.field("ability") not in ADVENTURES[hcc_task(r).card].test.abilities, "the Test names it")

    def not_help(r: Refusal) -> None:
        claim(r.field("card") in SPECIALS and r["card"] == SPECIALS[r.field("card")].name, "a Special Card")

    def boost_impossible(r: Refusal) -> None:
        claim(isinstance(r.command, ch.Boost), "not a boost")

    def retreat(r: Refusal) -> None:
        cell, task = r.field("cell"), hcc_task(r)
        free = cell in CELLS and cell not in r.state.board
        claim(not (free and cell in NEIGHBOURS[task.cell]), f"{cell} is a connected space without a card")

    def ability_letter(r: Refusal) -> None:
        claim(r.field("ability") not in ABILITY_NAMES, "a known ability")

    def at_most(r: Refusal) -> None:
        ability = r.field("ability")
        claim(r["ability"] == ABILITY_NAMES[ability] and r["value"] == "10", "another ability or number")
        claim(r.state.players[r.seat].abilities[ability] == 10, f"the seat's {r['ability']} is under 10")

    def place_card(r: Refusal) -> None:
        task, cell = hcc_task(r), r.field("cell")
        claim(r["card"] == ADVENTURES[task.card].title, "another card")
        open_space = cell in ADVENTURES[task.card].cells and cell not in r.state.board
        claim(not open_space or r.state.occupants(cell) != [], f"{cell} is one of its open spaces")

    def move_some(r: Refusal) -> None:
        claim(not r.field("path"), "the move has spaces")

    def move_limit(r: Refusal) -> None:
        limit = 5 if isinstance(r.command, ch.UseSpecial) else 3  # (the rulebook: 3 spaces; a broom 5)
        claim(int(r["count"]) == limit and len(r.field("path")) > limit, f"the limit is {limit}")

    def wall(r: Refusal) -> None:
        for one, other in hcc_walk_cells(r):
            if other not in NEIGHBOURS.get(one, ()):
                claim(r["space"] == space_name(one) and r["other"] == space_name(other), "another step refused")
                claim(grid_neighbours(one, other), f"{r['space']} and {r['other']} are not side by side")
                return
        claim(False, "every step of the move is a connection")

    def apart(r: Refusal) -> None:
        for one, other in hcc_walk_cells(r):
            if other not in NEIGHBOURS.get(one, ()):
                claim(r["space"] == space_name(one) and r["other"] == space_name(other), "another step refused")
                claim(not grid_neighbours(one, other), f"{r['space']} and {r['other']} are side by side")
                return
        claim(False, "every step of the move is a connection")

    def met_card(r: Refusal) -> str:
        card = next(
            (r.state.board[cell] for _one, cell in hcc_walk_cells(r) if ADVENTURES.get(r.state.board.get(cell, ""))),
            None,
        )
        assert card is not None, "the move meets no card"
        names = [ADVENTURES[r.state.board[c]].title for _one, c in hcc_walk_cells(r) if c in r.state.board]
        claim(r["card"] in names, f"the move does not meet {r['card']}")
        return r["card"]

    def cannot_pass(r: Refusal) -> None:
        met_card(r)
        card = next(c for c in r.state.board.values() if ADVENTURES[c].title == r["card"])
        claim(not passes_test(r.state.players[r.seat].abilities, card), "the seat's abilities pass its Test")

    def can_pass(r: Refusal) -> None:
        met_card(r)
        card = next(c for c in r.state.board.values() if ADVENTURES[c].title == r["card"])
        claim(passes_test(r.state.players[r.seat].abilities, card), "the seat's abilities do not pass its Test")

    def only_harry(r: Refusal) -> None:
        player = r.state.players[r.seat]
        ways = list(r.field("bypass"))
        claim(player.character != "harry" or player.harry_used or ways.count("harry") > 1, "Harry may")

    def no_cloak(r: Refusal) -> None:
        ways = list(r.field("bypass"))
        claim("cloak" not in r.state.players[r.seat].specials_up or ways.count("cloak") > 1, "a face-up Cloak")

    def unknown_way(r: Refusal) -> None:
        claim(r["way"] in [repr(way) for way in r.field("bypass")], "no such way given")

    def stops(r: Refusal) -> None:
        steps = hcc_walk_cells(r)
        met = [(index, cell) for index, (_one, cell) in enumerate(steps) if cell in r.state.board]
        for index, cell in met[len(r.field("bypass")) :]:  # (the first card met that the move does not walk past)
            if index < len(steps) - 1:
                claim(r["space"] == space_name(cell), f"the first card met is on {space_name(cell)}")
                claim(r["card"] == ADVENTURES[r.state.board[cell]].title, "another card")
                return
        claim(False, "the move goes past no card")

    def more_ways(r: Refusal) -> None:
        met = sum(1 for _one, cell in hcc_walk_cells(r) if cell in r.state.board)
        claim(len(r.field("bypass")) > met, f"the move meets {met} cards")

    def arrival(r: Refusal) -> None:
        claim(isinstance(r.command, ch.UseSpecial) and r.field("card") in ("firebolt", "floo"), "not a flight")

    def not_listed(r: Refusal) -> list[Command]:
        """The walks ``legal`` lists of the refused command's kind (a Move, or the same Special Card), checking
        that the refused one is not among them."""
        legal = r.game.legal(r.state, r.seat)
        claim(r.command not in legal, "the walk is a legal command")
        return [c for c in legal if type(c) is type(r.command) and getattr(c, "card", None) == r.field("card")]

    def back_where_begun(r: Refusal) -> None:
        not_listed(r)
        end = r.field("path")[-1]
        claim(end == r.state.players[r.seat].cell, f"the walk ends on {space_name(end)}, not where it began")
        met = sum(1 for _one, cell in hcc_walk_cells(r) if cell in r.state.board)
        claim(end not in r.state.board or len(r.field("bypass")) == met, "the walk ends in an encounter")

    def other_way(r: Refusal) -> None:
        end = r.field("path")[-1]
        claim(r["space"] == space_name(end), "another space")
        ways = [" → ".join(space_name(cell) for cell in c.path) for c in not_listed(r) if c.path[-1:] == (end,)]
        claim(r["path"] in ways, f"no listed walk to {r['space']} goes {r['path']}")

    def not_offered(r: Refusal) -> None:
        not_listed(r)

    checks: dict[str, Check] = {
        "The game is over.": over,
        "Nobody is to choose now, not {name}.": nobody,
        "It is {name}'s turn to choose, not {other}'s.": whose,
        "First finish the encounter.": hcc_waiting("encounter"),
        "Not now.": lambda r: claim(False, "a task without words"),
        "There is no such Adventure Card.": no_adventure,
        "{card} is not in your hand.": not_in_hand,
        "{card} cannot be played on {space}: see the spaces after Play:.": not_there,
        "{space} already holds a face-up Adventure Card.": taken,
        "There is no space {cell} on the board.": no_space,
        "That is your own space: play the card to your space instead.": own_space,
        "There is no such Special Card.": no_special,
        "{card} is face down until you next receive the Wand or a New Year begins.": face_down("free"),
        "{card} is face down until you next receive the Wand.": face_down("action"),
        "You do not have {card}.": not_have,
        "{card} is not used with an action: it is flipped when it helps.": not_action,
        "The Time-Turner's actions cannot use a Special Card.": time_turner,
        "{card} takes no {field}.": takes_no,
        "{card} takes you to a space of the two top rows but the Shrieking Shack, other than your own.": firebolt,
        "{card} takes you to one of its four spaces, other than your own.": floo,
        "You cannot walk past that card that way.": arrival,
        "Choose another character to swap places with.": swap_with,
        "Choose a space with a face-up Adventure Card.": face_up_card,
        "Accio! reaches a card at most 3 connections away.": accio,
        "Choose one of the characters on that space.": on_space,
        "{card} cannot help with this Test now.": not_help,
        "You may discard at most 2 cards to boost an encounter.": at_most_boosts,
        "A boost raises one of the abilities the Test names.": test_names,
        "That boost is not possible.": boost_impossible,
        "Retreat to a connected space without a face-up Adventure Card.": retreat,
        "Choose Knowledge (K), Skill (S) or Honor (H).": ability_letter,
        "Your {ability} is already {value}, the most it can be.": at_most,
        "{card} goes on one of its spaces that holds no card and no character.": place_card,
        "Choose at least one space to move to (or pass).": move_some,
        "You may move at most {count} space.": move_limit,
        "You cannot go from {space} to {other}: there is a wall between them.": wall,
        "You cannot go from {space} to {other}: a move goes one connection at a time.": apart,
        "Your abilities do not pass the Test of {card}: you cannot simply walk past.": cannot_pass,
        "You pass the Test of {card}: walk past it freely.": can_pass,
        "Only Harry may walk past a card that way, once per round.": only_harry,
        "You have no face-up Invisibility Cloak to use.": no_cloak,
        "Unknown way to walk past a card: {way}.": unknown_way,
        "Entering {space} stops you to encounter {card}, unless you walk past it.": stops,
        "That move says how to walk past more cards than it meets.": more_ways,
        "That walk ends where it began, with no encounter: it changes nothing.": back_where_begun,
        "That walk is not one of the moves offered; the move to {space} goes this way: {path}.": other_way,
        "That walk is not one of the moves offered.": not_offered,
    }
    checks.update({msgid: hcc_waiting(kind) for kind, msgid in HCC_WAITING.items()})
    checks.update({msgid: hcc_waiting("encounter", phase) for phase, msgid in HCC_ENCOUNTER.items()})
    return checks


# --- That's Wizard! ------------------------------------------------------------------------------------------------
TW_WAITING = {
    "tie": "First choose whether you go first or second.",
    "shock": "First choose whether your Shock goes first or second: your opponent takes no turn.",
    "team": "First choose the order you and your ally take your turns.",
    "eor_place": "First choose your place in the end-of-round order.",
    "eor_next": "First choose which of your end-of-round effects happens next.",
    "dispel": "First choose the lasting spell your Dispel removes a token from.",
    "erase": "First choose the cards your Erase Memory takes.",
    "transfer": "First choose how much Stamina your Transference gives.",
    "scry": "First choose the spell you keep from your Scry.",
    "lethal": "First choose whose Stamina loss comes first.",
    "pairing": "First choose who faces whom in the sudden-death set.",
    "draw": "A draw is on offer: it must be accepted or refused first.",
}
TW_ASKED: dict[str, tuple[type, ...]] = {
    "tie": (tw.TakePlace,),
    "shock": (tw.TakePlace,),
    "team": (tw.TakePlace,),
    "eor_place": (tw.TakePlace,),
    "eor_next": (tw.ResolveNext,),
    "dispel": (tw.RemoveToken,),
    "erase": (tw.TakeCards,),
    "transfer": (tw.Transfer,),
    "scry": (tw.KeepSpell,),
    "lethal": (tw.ApplyFirst,),
    "pairing": (tw.ChoosePairing,),
    "draw": (tw.AnswerDraw,),
}
TW_SPECIALS = ("focus", "counterspell")  # (the rulebook: always in hand, never in the side board)


def tw_name(card: Any) -> str:
    return TW_CARDS[card].name if card in TW_CARDS else str(card)


def tw_tongue_ties(state: Any, seat: int) -> int:
    return sum(1 for item in state.lasting if item.card == "tongue_tie" and seat in item.targets)


def tw_legal_play(state: Any, seat: int, card: str, dial: int) -> bool:
    """The rulebook's legal play: a card in hand, a dial it allows, Power enough (Tongue Tie: 2 more per spell on
    the caster), an ally still dueling for an ally spell."""
    known = TW_CARDS.get(card)
    if known is None or card not in state.wizards[seat].hand or dial not in known.dials:
        return False
    cost = dial + (2 * tw_tongue_ties(state, seat) if known.is_spell else 0)
    if cost > 10 or cost > state.wizards[seat].power:
        return False
    return not (known.target == "ally" and not (state.players == 4 and state.wizards[(seat + 2) % 4].dueling))


def tw_play_checks() -> dict[str, Check]:
    """The reasons a card cannot be played (said before "To play it anyway as a pass, use Pass.")."""

    def shown(r: Refusal) -> tuple[Any, Any]:
        card = r.field("card")
        claim(r["card"] == tw_name(card) if "card" in r.fields else True, "another card's name")
        return card, r.state.wizards[r.seat]

    def no_card(r: Refusal) -> None:
        claim(r.field("card") not in TW_CARDS, "the card exists")

    def not_in_hand(r: Refusal) -> None:
        card, wizard = shown(r)
        claim(card not in wizard.hand, f"{r['card']} is in the hand")

    def side(r: Refusal) -> None:
        card, wizard = shown(r)
        claim(card in wizard.side and card not in wizard.hand, f"{r['card']} is not in the side board")

    def in_play(r: Refusal) -> None:
        card, wizard = shown(r)
        owned = [item for item in r.state.lasting if item.owner == r.seat and item.card == card]
        claim(bool(owned) and card not in wizard.hand, f"{r['card']} is not in play")

    def erased(r: Refusal) -> None:
        card, wizard = shown(r)
        taken = [item for item in r.state.lasting if card in item.under and item.targets[0] == r.seat]
        claim(bool(taken) and card not in wizard.hand, f"Erase Memory has not taken {r['card']}")

    def scry(r: Refusal) -> None:
        claim(r.field("card") == "scry" and r.state.wizards[r.seat].scry_away, "Scry is not in the deck")

    def one_dial(r: Refusal) -> None:
        card, _wizard = shown(r)
        dials = TW_CARDS[card].dials
        claim(dials == (int(r["dial"]),) and r.field("dial") not in dials, f"{r['card']} is played at {dials}")

    def dials(r: Refusal) -> None:
        card, _wizard = shown(r)
        claim(r["dials"] == TW_CARDS[card].dial_text, "other dials named")
        claim(r.field("dial") not in TW_CARDS[card].dials, "the dial is one the card takes")

    def cost(taxed: bool, over: bool = False) -> Check:
        def check(r: Refusal) -> None:
            card, wizard = shown(r)
            dial = r.field("dial")
            extra = 2 * tw_tongue_ties(r.state, r.seat) if TW_CARDS[card].is_spell else 0
            claim(int(r["dial"]) == dial and int(r["cost"]) == dial + extra, f"the cost is {dial + extra}")
            if taxed:
                claim(int(r["extra"]) == extra > 0, f"Tongue Tie adds {extra}")
            if over:
                claim(dial + extra > 10, "it costs 10 or less")
            else:
                claim(int(r["power"]) == wizard.power < dial + extra, f"the seat has {wizard.power} Power")

        return check

    def no_ally(r: Refusal) -> None:
        card, _wizard = shown(r)
        alive = r.state.players == 4 and r.state.wizards[(r.seat + 2) % 4].dueling
        claim(TW_CARDS[card].target == "ally" and not alive, "an ally is still dueling")

    return {
        "There is no such card.": no_card,
        "{card} is not in your hand.": not_in_hand,
        "{card} is in your side board this duel.": side,
        "{card} is still in play.": in_play,
        "Erase Memory has taken {card}: you cannot play it until it comes back.": erased,
        "Scry went into the deck of spells: it is gone for the rest of this duel.": scry,
        "{card} is played with the dial at {dial}.": one_dial,
        "{card} takes a Spell Power of {dials}.": dials,
        "{card} at {dial} would cost {cost} Power with Tongue Tie: nothing can cost more than 10.": cost(False, True),
        "{card} at {dial} costs {cost} Power ({dial} + {extra} for Tongue Tie); you have {power}.": cost(True),
        "{card} at {dial} costs {cost} Power; you have {power}.": cost(False),
        "{card} needs an ally who is still dueling.": no_ally,
    }


def tw_prompt(kind: str) -> Check:
    def check(r: Refusal) -> None:
        prompt = r.state.prompt
        claim(prompt is not None and prompt.kind == kind, f"no {kind} choice is waiting")
        choosers = (prompt.seat, prompt.seat + 2) if kind == "team" else (prompt.seat,)  # allies: either answers
        claim(r.seat in choosers, "the seat is not the one to choose")
        claim(not isinstance(r.command, TW_ASKED[kind]), "the move is the choice asked for")

    return check


def tw_checks() -> dict[str, Check]:
    plays = tw_play_checks()

    def over(r: Refusal) -> None:
        claim(r.state.stage == "over", "the match is not over")

    def no_seat(r: Refusal) -> None:
        claim(not seat_in_range(r, r.state.players), "the seat exists")

    def ready(r: Refusal) -> None:
        claim(r.state.stage == "choose" and r.state.wizards[r.seat].choice is not None, "the seat has not chosen")

    def paralyzed(r: Refusal) -> None:
        paralyses = [item for item in r.state.lasting if item.card == "paralyze" and r.seat in item.targets]
        claim(r.state.stage == "choose" and r.seat in r.state.paralyzed, "the seat is not paralyzed")
        claim(bool(paralyses) or r.seat in r.state.paralyzed, "no Paralyze on the seat")

    def side_chosen(r: Refusal) -> None:
        claim(r.state.stage == "sideboard" and len(r.state.wizards[r.seat].side) == 2, "no side board chosen")

    def duel_over(r: Refusal) -> None:
        claim(not r.state.wizards[r.seat].dueling, "the seat is still dueling")

    def not_now(r: Refusal) -> None:
        state, seat = r.state, r.seat
        prompt = state.prompt
        if prompt is not None:
            claim(prompt.seat != seat, "the seat is the one asked")
            return
        wizard = state.wizards[seat]
        claim(state.stage not in ("choose", "sideboard") or not wizard.dueling, "the seat may choose now")

    def sideboard_now(r: Refusal) -> None:
        claim(r.state.stage == "sideboard" and r.state.prompt is None, "not the side board's time")
        claim(not isinstance(r.command, tw.ChooseSideBoard), "the move chooses a side board")

    def choose_now(r: Refusal) -> None:
        claim(r.state.stage == "choose" and r.state.prompt is None, "not the time to choose a card")
        claim(r.state.wizards[r.seat].choice is None, "the seat has chosen")
        claim(not isinstance(r.command, tw.Play | tw.Pass), "the move plays or passes")

    def stalled(r: Refusal) -> None:
        claim(r["count"] == "10", "another number of rounds")  # (the rulebook: 10 rounds)
        claim(isinstance(r.command, tw.Concede | tw.OfferDraw), "not a concession")
        state, seat = r.state, r.seat
        other = state.opponent(seat)
        if other is not None and state.wizards[seat].dueling and state.wizards[other].dueling:
            latest = max(state.wizards[seat].low_round, state.wizards[other].low_round)
            claim(state.round - 1 - latest < 10, f"{state.round - 1 - latest} whole rounds without a new lowest")

    def can_win(r: Refusal) -> None:
        claim(isinstance(r.command, tw.OfferDraw), "not a draw offered")

    def offered(r: Refusal) -> None:
        claim(r.state.wizards[r.seat].offered == r.state.round, "no draw offered this round")

    def two_spells(r: Refusal) -> None:
        cards = r.field("cards")
        claim(len(cards) != 2 or len(set(cards)) != 2, "two different spells")

    def stays(r: Refusal) -> None:
        claim(any(tw_name(card) == r["card"] for card in r.field("cards") if card in TW_SPECIALS), "not Focus")

    def not_in_book(r: Refusal) -> None:
        named = [card for card in r.field("cards") if tw_name(card) == r["card"]]
        claim(bool(named) and named[0] not in r.state.books[r.seat], f"{r['card']} is in the spellbook")

    def whole_number(r: Refusal) -> None:
        dial = r.field("dial")
        claim(not isinstance(r.field("card"), str) or not isinstance(dial, int), "a card and a number")

    def as_pass(r: Refusal) -> None:
        inner_id, inner_fields = classify("thats-wizard", r["problem"])
        claim(inner_id in plays, f"a play refused for {r['problem']!r}")
        inner = dataclasses.replace(r, reason=r["problem"], msgid=inner_id, fields=inner_fields)
        plays[inner_id](inner)
        claim(not tw_legal_play(r.state, r.seat, r.field("card"), r.field("dial")), "the play is legal")
        JUDGED[("thats-wizard", inner_id)] += 1

    def show_card(r: Refusal) -> None:
        claim(r.field("card") not in r.state.wizards[r.seat].hand, "the card is in the hand")

    def dial_range(r: Refusal) -> None:
        dial = r.field("dial")
        claim(not isinstance(dial, int) or isinstance(dial, bool) or not 0 <= dial <= 10, "the dial is 0 to 10")

    def legal_play(r: Refusal) -> None:
        card, dial = r.field("card"), r.field("dial")
        claim(r["card"] == tw_name(card) and r["dial"] == str(dial), "another play named")
        claim(tw_legal_play(r.state, r.seat, card, dial), "the play is not legal")

    def plain_pass(r: Refusal) -> None:
        claim(r.field("card") is None and r.field("dial") is not None, "not a plain pass with a dial")

    def first_or_second(r: Refusal) -> None:
        claim(r.field("place") not in (0, 1), "0 or 1")

    def place_taken(r: Refusal) -> None:
        place = r.field("place")
        claim(place not in range(len(r.state.eor_slots)) or r.state.eor_slots[place] != -1, "the place is free")

    def not_eor(r: Refusal) -> None:
        claim(r["card"] == tw_name(r.field("effect")), "another effect named")

    def dispel(reversed_: bool) -> Check:
        def check(r: Refusal) -> None:
            state, owner, card = r.state, r.field("owner"), r.field("card")
            claim(isinstance(r.command, tw.RemoveToken), "not a Dispel")
            from_whom = r.seat if reversed_ else state.opponent(r.seat)  # (the supplement: reversed, your own)
            claim(state.prompt.target == from_whom, f"the tokens come from seat {state.prompt.target}")
            owned = [item for item in state.lasting if item.owner == from_whom and item.card == card]
            claim(owner != from_whom or not owned, f"{card} is a lasting spell of seat {from_whom} in play")

        return check

    def take_count(r: Refusal) -> None:
        prompt = r.state.prompt
        count = min(prompt.count, len(r.state.wizards[prompt.target].hand))
        claim(int(r["count"]) == count, f"the count is {count}")

    def give_stamina(r: Refusal) -> None:
        prompt = r.state.prompt
        claim(int(r["top"]) == max(prompt.values), "another top")
        claim(int(r["top"]) < r.state.wizards[r.seat].stamina, "the top is not less than the seat's Stamina")
        claim(r.field("amount") not in prompt.values, "the amount may be given")

    def keep_scry(r: Refusal) -> None:
        claim(r.field("card") not in r.state.scry_cards, "Scry shows that spell")

    def lethal(r: Refusal) -> None:
        claim(isinstance(r.command, tw.ApplyFirst), "not that choice")
        claim(r.field("target") not in r.state.prompt.values, f"{r.field('target')} is one who would fall")

    def pairing(r: Refusal) -> None:
        claim(isinstance(r.command, tw.ChoosePairing), "not that choice")
        claim(r.state.prompt.values == [1, 3], "seat 1's opponent is not chosen between seats 2 and 4")
        claim(r.field("opponent") not in (1, 3), "the opponent is seat 2 or seat 4")

    def draw_out(r: Refusal) -> None:
        claim(not r.state.wizards[r.seat].dueling, "the seat is still dueling")

    def draw_hurt(r: Refusal) -> None:
        claim(r.field("accept") is True, "the seat refused")

    checks: dict[str, Check] = {
        "The match is over.": over,
        "There is no such seat.": no_seat,
        "You are ready for this round: wait for the others to choose.": ready,
        "You are paralyzed: you take no turn this round.": paralyzed,
        "Your side board is chosen: wait for the others.": side_chosen,
        "Your duel is over: wait for your ally's duel to end.": duel_over,
        "It is not your move now.": not_now,
        "Now is the time to choose your side board: two spells that sit out this duel.": sideboard_now,
        "Now is the time to choose a card and set your Spell Power dial (or pass).": choose_now,
        "You can concede or offer a draw only once your duel has gone {count} rounds without anyone falling "
        "to a new lowest Stamina.": stalled,
        "You can offer a draw only while no spell you still hold can hurt your opponent: you can still win.": can_win,
        "You have offered a draw this round already.": offered,
        "Choose exactly 2 different spells of your spellbook for the side board.": two_spells,
        "{card} always stays in your hand: choose 2 spells.": stays,
        "{card} is not in your spellbook.": not_in_book,
        "Choose a card and a whole number on the dial.": whole_number,
        "{problem} To play it anyway as a pass, use Pass.": as_pass,
        "To pass by an illegal play, show a card from your hand.": show_card,
        "The Spell Power dial shows 0 to 10.": dial_range,
        "{card} at {dial} is a legal play: play it, or pass another way.": legal_play,
        "A plain pass shows no dial.": plain_pass,
        "Choose 0 to go first or 1 to go second.": first_or_second,
        "That place in the end-of-round order is taken or does not exist.": place_taken,
        "{card} is not one of your end-of-round effects still to happen.": not_eor,
        "Dispel removes tokens only from your opponent's lasting spells in play.": dispel(False),
        "Your Dispel was turned back: it removes tokens only from your own lasting spells in play.": dispel(True),
        "Take {count} card from the hand you see.": take_count,
        "Give from 1 to {top} Stamina (three times the Spell Power, and less than your own Stamina).": give_stamina,
        "Keep one of the spells your Scry shows.": keep_scry,
        "Choose one of the wizards who would fall.": lethal,
        "Seat 1 faces seat 2 or seat 4 in the sudden-death set.": pairing,
        "Your duel is over and the match may still be decided: you cannot accept a draw, only refuse it.": draw_out,
        "You can still hurt your opponent, so you cannot accept a draw: refuse it and play on.": draw_hurt,
    }
    checks.update({msgid: tw_prompt(kind) for kind, msgid in TW_WAITING.items()})
    shock = checks[TW_WAITING["shock"]]

    def shock_unanswered(r: Refusal) -> None:
        shock(r)
        claim(r.state.opponent(r.seat) not in r.state.order, "the opponent takes a turn")

    checks[TW_WAITING["shock"]] = shock_unanswered
    # A play's reasons are said only inside "{problem} To play it anyway as a pass, use Pass." (judged there).
    checks.update(
        {msgid: lambda r: claim(False, "a play's reason said alone") for msgid in plays if msgid not in checks}
    )
    return checks


CHECKS: dict[str, Callable[[], dict[str, Check]]] = {
    "house-cup": hc_checks,
    "stupefix": sf_checks,
    "house-cup-challenge": hcc_checks,
    "thats-wizard": tw_checks,
}


@cache
def checks_of(game_id: str) -> dict[str, Check]:
    return {**core_checks(), **CHECKS[game_id]()}


# --- the refereeing ---------------------------------------------------------------------------------------------
def judge(game: Game, state: Any, frozen: bytes, command: Command) -> bool:
    """Try ``command`` on a copy; a refusal's words are checked against ``state``. False when it was legal."""
    trial = pickle.loads(frozen)
    try:
        game.apply(trial, command)
    except IllegalCommand as refused:
        same = pickle.dumps(trial) == frozen or to_json(trial) == to_json(state)
        assert same, f"{command!r}: a refusal changed the state"
        referee(game, state, command, refused.reason)
        return True
    return False


def referee(game: Game, state: Any, command: Command, reason: str) -> None:
    msgid, fields = classify(game.id, reason)
    checks = checks_of(game.id)
    assert msgid in checks, f"{game.id}: no checker for the refusal {msgid!r} (said as {reason!r})"
    try:
        checks[msgid](Refusal(game, state, command, reason, msgid, fields))
    except AssertionError as problem:
        raise AssertionError(f"{game.id}: {command!r} refused with {reason!r}, but {problem}") from None
    JUDGED[(game.id, msgid)] += 1


def hc_more(state: Any, seat: int, rng: random.Random) -> list[Command]:
    """Choices of a card's effect made wrongly: a card of another seat, the card acting itself, a letter card
    given, a set not started, a card not looked at."""
    mine = state.tableau[seat] if 0 <= seat < len(state.tableau) else []
    cards = [*mine, *(task.cards[0] for task in state.tasks if task.cards), rng.choice(list(HC_CARDS))]
    out: list[Command] = []
    for card in rng.sample(cards, min(4, len(cards))):
        out += [hc.DiscardCard(seat, card), hc.CauldronDiscard(seat, card), hc.KeepCard(seat, card)]
        out += [hc.GiveCard(seat, card, rng.randrange(len(state.houses))), hc.GiveCard(seat, card, seat)]
    out += [hc.ChooseFlywheelSet(seat, kind) for kind in (*SET_KINDS, "no-such-set")]
    return out


def sf_more(state: Any, seat: int, rng: random.Random) -> list[Command]:
    out: list[Command] = [sx.ReturnRetard(seat, owner) for owner in range(-1, state.players + 1)]
    out += [sx.TakeStupefix(seat, True), sx.TakeStupefix(seat, False), sx.PointWand(seat, None)]
    out += [sx.TakeReward(seat, kind) for kind in rng.sample(list(REWARDS), 3)]
    return out


def hcc_walks(state: Any, seat: int, rng: random.Random) -> list[tuple[str, ...]]:
    """Random walks from the seat's space along connections, some with a last step through a wall or far."""
    cell = state.players[seat].cell
    walks = []
    for length in (1, 2, 3, 4, 6):
        path, here = [], cell
        for _step in range(length):
            here = rng.choice(NEIGHBOURS[here])
            path.append(here)
        walks.append(tuple(path))
    walks.append((*walks[1][:1], rng.choice(CELLS)))
    return walks


def hcc_more(state: Any, seat: int, rng: random.Random) -> list[Command]:
    if not 0 <= seat < state.count:
        return []
    player = state.players[seat]
    cells = [player.cell, rng.choice(CELLS), *NEIGHBOURS[player.cell]]
    out: list[Command] = []
    for path in hcc_walks(state, seat, rng):
        met = sum(1 for cell in path if cell in state.board)
        for bypass in ((), ("able",) * met, ("harry",) * met, ("cloak",) * met, ("harry", "cloak")[:met], ("x",)):
            out.append(ch.Move(seat, path, bypass))
        special = rng.choice(("map", "nimbus"))
        out.append(ch.UseSpecial(seat, special, path, ("able",) * met))
    for card in [*player.specials_up, *player.specials_down, rng.choice(list(SPECIALS))]:
        out += [ch.UseSpecial(seat, card), ch.UseSpecial(seat, card, cell=rng.choice(cells))]
        out += [ch.UseSpecial(seat, card, other=rng.randrange(-1, state.count + 1)), ch.UseFree(seat, card)]
        out += [ch.Boost(seat, card, rng.choice("KSH"))]
    for card in rng.sample(player.hand, min(3, len(player.hand))):
        out += [ch.PlayHere(seat, card), ch.PlayThere(seat, card, rng.choice(cells))]
        out += [ch.Boost(seat, card, ability) for ability in "KSH"]
    out += [ch.Retreat(seat, cell) for cell in cells]
    out += [ch.PlaceCard(seat, cell) for cell in cells]
    out += [ch.Feast(seat, ability) for ability in "KSH"]
    out += [ch.ChooseEncounterer(seat, other) for other in range(state.count + 1)]
    out += [ch.Move(seat, ()), ch.Check(seat), ch.Decline(seat), ch.Done(seat), ch.WandBonus(seat, True)]
    return out


def tw_more(state: Any, seat: int, rng: random.Random) -> list[Command]:
    if not 0 <= seat < state.players:
        return []
    wizard = state.wizards[seat]
    cards = [*wizard.hand, *wizard.side, "scry", *(card for item in state.lasting for card in item.under)]
    cards += [item.card for item in state.lasting]
    out: list[Command] = [tw.Concede(seat), tw.OfferDraw(seat), tw.AnswerDraw(seat, True), tw.AnswerDraw(seat, False)]
    for card in rng.sample(cards, min(6, len(cards))):
        dials = TW_CARDS[card].dials if card in TW_CARDS else (1,)
        out += [tw.Play(seat, card, rng.choice(dials)), tw.Play(seat, card, rng.randint(0, 10))]
        out += [tw.KeepSpell(seat, card), tw.ResolveNext(seat, card), tw.RemoveToken(seat, 1 - seat % 2, card)]
        out += [tw.Pass(seat, card, rng.choice(dials))]
    out += [tw.TakeCards(seat, tuple(rng.sample(cards, min(k, len(cards))))) for k in (1, 2, 3)]
    out += [tw.Transfer(seat, amount) for amount in (0, 1, 3, 4, 9)]
    out += [tw.TakePlace(seat, place) for place in range(-1, 5)]
    out += [tw.ApplyFirst(seat, other) for other in range(-1, state.players + 1)]
    out += [tw.ChoosePairing(seat, other) for other in range(-1, state.players + 1)]
    side = rng.sample(state.books[seat], 2) if len(state.books[seat]) >= 2 else []
    out += [tw.ChooseSideBoard(seat, tuple(side)), tw.ChooseSideBoard(seat, ("focus", *side[:1]))]
    return out


MORE: dict[str, Callable[[Any, int, random.Random], list[Command]]] = {
    "house-cup": hc_more,
    "stupefix": sf_more,
    "house-cup-challenge": hcc_more,
    "thats-wizard": tw_more,
}


def candidates(game_id: str, state: Any, seat: int, pool: list[Command], rng: random.Random) -> Iterator[Command]:
    """Illegal commands for ``seat`` now: the contract's, a legal one made wrong, choices made wrongly, and
    commands legal at other moments of the game (another card, another phase, another space) given now."""
    game = GAMES[game_id]
    yield from ILLEGAL[game_id](state, seat, rng)
    yield from MORE[game_id](state, seat, rng)
    for command in rng.sample(pool, min(12, len(pool))):
        yield dataclasses.replace(command, seat=seat)
    legal = game.legal(state, seat)
    if legal:
        yield from rng.sample(garbage_commands(rng.choice(legal), len(hooks_players(state))), 4)
    other = rng.choice([g for g in GAMES.values() if g.id != game_id])
    yield dataclasses.replace(rng.choice(OTHER_COMMANDS[other.id]), seat=seat)


def hooks_players(state: Any) -> range:
    players = state.players if isinstance(state.players, int) else len(state.players)
    return range(players)


OTHER_COMMANDS: dict[str, list[Command]] = {
    "house-cup": [hc.TakeCard(0, "potions-1"), hc.PlaceToken(0, 1, 1)],
    "stupefix": [sx.PrepareSpell(0, "rate"), sx.CastSpell(0, True)],
    "house-cup-challenge": [ch.Pass(0), ch.DrawCards(0)],
    "thats-wizard": [tw.Pass(0), tw.Concede(0)],
}


def waiting_on_a_choice(state: Any) -> bool:
    """A card's effect or a task asks a choice now (rarer moments: refereed at every step)."""
    tasks = getattr(state, "tasks", None)
    if tasks and getattr(tasks[-1], "kind", "") not in ("action", "limit"):
        return True
    return getattr(state, "prompt", None) is not None


def referee_now(game_id: str, state: Any, seat: int, pool: list[Command], rng: random.Random) -> None:
    game = GAMES[game_id]
    players = len(hooks_players(state))
    allowed = {key(command) for other in range(players) for command in game.legal(state, other)}
    frozen = pickle.dumps(state)
    for refused_seat in {seat, rng.randrange(players)}:
        for command in candidates(game_id, state, refused_seat, pool, rng):
            if key(command) not in allowed:
                judge(game, state, frozen, command)


def play_and_referee(game_id: str, players: int, seed: int) -> None:
    game = GAMES[game_id]
    state = game.setup(players, OPTIONS[game_id](players, seed), seed)
    rng = random.Random(seed)
    pool: list[Command] = []
    for step in range(100_000):
        if game.result(state) is not None:
            referee_now(game_id, state, rng.randrange(players), pool, rng)  # (a game over refuses everything)
            return
        actors = game.to_act(state)
        seat = rng.choice(actors)
        legal = game.legal(state, seat)
        pool.append(rng.choice(legal))
        if step % EVERY[game_id] == 0 or (waiting_on_a_choice(state) and rng.random() < AT_CHOICES[game_id]):
            referee_now(game_id, state, seat, pool, rng)
        game.apply(state, rng.choice(legal))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_id", list(CHECKS))
def test_every_refusal_says_what_is_true(game_id: str, english: None) -> None:
    game = GAMES[game_id]
    for players in game.player_counts:
        for seed in range(GAMES_PER_COUNT[game_id]):
            play_and_referee(game_id, players, 100 * players + seed)
    met = {msgid for (gid, msgid) in JUDGED if gid == game_id}
    assert met, f"{game_id}: no refusal judged"


def test_every_message_id_has_a_checker() -> None:
    """A refusal added to the rules without a checker here fails (it could say anything)."""
    for game_id in CHECKS:
        unchecked = [msgid for msgid, _forms in message_ids(game_id) if msgid not in checks_of(game_id)]
        assert not unchecked, f"{game_id}: refusals without a checker: {unchecked}"


def never_met() -> dict[str, list[str]]:
    return {
        game_id: sorted(msgid for msgid, _forms in message_ids(game_id) if not JUDGED[(game_id, msgid)])
        for game_id in CHECKS
    }


# --- at the table: the gestures a table refuses itself -------------------------------------------------------------
TABLE_PACKAGES = {
    "house-cup": "house_cup",
    "stupefix": "stupefix",
    "house-cup-challenge": "house_cup_challenge",
    "thats-wizard": "thats_wizard",
}
UI_DIR = GAMES_DIR.parent / "ui" / "tables"


@cache
def table_message_ids(game_id: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every message a game's table (and the kit's table) can say, read from its source."""
    found: dict[str, tuple[str, ...]] = {}
    files = [*sorted((UI_DIR / TABLE_PACKAGES[game_id]).glob("*.py")), UI_DIR / "base.py"]
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for sub in ast.walk(tree):
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "ngettext":
                forms = tuple(str(a.value) for a in sub.args[:2] if isinstance(a, ast.Constant))
                found[forms[0]] = forms
        for text in _strings(tree):
            found.setdefault(text, (text,))
    return tuple(found.items())


def classify_said(game_id: str, said: str) -> tuple[str, dict[str, str]] | None:
    best: tuple[int, str, dict[str, str]] | None = None
    for msgid, forms in table_message_ids(game_id):
        for form in forms:
            found = pattern(form).fullmatch(said)
            if found is not None and (best is None or literal_length(form) > best[0]):
                best = (literal_length(form), msgid, found.groupdict())
    return None if best is None else (best[1], best[2])


@dataclass
class Said:
    """A word a table said after a gesture, with what was true when it was made."""

    game_id: str
    table: Any
    state: Any  # the rules' state before the gesture
    seat: int  # the seat at the screen
    names: list[str]
    msgid: str
    fields: dict[str, str]
    item: Any  # what the gesture began on (a hit map's Placed)
    end: tuple[int, int] | None  # where a drag ended
    legal: list[Command]  # the rules' legal commands of the seat at the screen, before the gesture

    def __getitem__(self, name: str) -> str:
        return self.fields[name]

    @property
    def actors(self) -> tuple[int, ...]:
        return tuple(GAMES[self.game_id].to_act(self.state))

    def end_cell(self) -> str | None:
        return None if self.end is None else self.table.layout.cell_at(self.end)


TableCheck = Callable[[Said], None]


def informs(said: Said) -> None:
    """A word that refuses nothing (an instruction, a toggle told): it claims nothing to hold against the state."""


def hc_table_checks() -> dict[str, TableCheck]:
    def taker_or_placer(said: Said) -> int | None:
        return hc_actor(said.state)

    def placing(said: Said) -> None:
        claim(said.state.phase == "place" and not said.state.tasks, "tokens are not being placed")
        claim(taker_or_placer(said) == said.seat, "the person is not the one placing")

    def taking(said: Said) -> None:
        claim(said.state.phase == "take" and not said.state.tasks, "cards are not being taken")
        claim(taker_or_placer(said) == said.seat, "the person is not the one taking")

    def taken_now(said: Said) -> None:
        claim(said.state.phase == "take", f"the phase is {said.state.phase}: no cards are being taken")

    def their_turn_to_place(said: Said) -> None:
        actor = taker_or_placer(said)
        claim(said.state.phase == "place" and actor is not None, "nobody is placing")
        claim(said["name"] == said.names[actor], f"{said['name']} is not placing")

    def take_of_day(said: Said) -> None:
        taking(said)
        claim(said["day"] == DAYS[said.state.day], f"the day taken is {DAYS[said.state.day]}")

    def cards_of_day(said: Said) -> None:
        taken_now(said)
        claim(said["day"] == DAYS[said.state.day], f"the day taken is {DAYS[said.state.day]}")

    def answer_panel(said: Said) -> None:
        claim(bool(said.state.tasks) and hc_actor(said.state) == said.seat, "no choice of the person's waits")

    def playing(said: Said) -> None:
        actor = hc_actor(said.state)
        claim(actor is not None and actor != said.seat and said["name"] == said.names[actor], "not their turn")

    def over(said: Said) -> None:
        claim(said.state.phase in ("end", "over"), "rounds are still being played")

    return {
        "Tokens are placed during the schedule updates; now cards are being taken.": taken_now,
        "It is {name}'s turn to place a token.": their_turn_to_place,
        "Every round has been played: no more tokens are placed.": over,
        "Not now.": lambda said: claim(hc_actor(said.state) != said.seat or said.state.tasks != [], "it is now"),
        "Drop the token under a day of the timetable, Monday to Friday.": placing,
        "Drag the card down to your cards, or just tap it, to take it.": taking,
        "First choose one of your tokens, then the day to place it under.": placing,
        "Take the cards of {day}: they are lit up.": take_of_day,
        "{card}: tap it again to take it.": taking,
        "Cards are taken once every token is placed: first drag a token under a day.": placing,
        "First answer the choice in the panel.": answer_panel,
        "Not your turn: {name} is playing.": playing,
        "Only the cards of {day} can be taken now.": cards_of_day,
    }


def hcc_table_checks() -> dict[str, TableCheck]:
    def cannot_reach(said: Said) -> None:
        cell = said.end_cell()
        moves = [c for c in said.legal if isinstance(c, ch.Move | ch.UseSpecial) and c.path and c.path[-1] == cell]
        flights = [c for c in said.legal if isinstance(c, ch.UseSpecial) and c.cell == cell and c.card != "accio"]
        claim(cell is not None and not moves and not flights, f"the character can reach {cell}")

    def not_there(said: Said) -> None:
        card, cell = said.item.item, said.end_cell()
        here = said.state.players[said.seat].cell
        plays = [
            c
            for c in said.legal
            if isinstance(c, ch.PlayThere)
            and c.card == card
            and c.cell == cell
            or isinstance(c, ch.PlayHere)
            and c.card == card
            and here == cell
        ]
        claim(not plays, f"{card} may be played on {cell}")

    def board_card(said: Said) -> None:
        claim(said.item.item in said.state.board.values(), "the card is not on the board")

    def their_character(said: Said) -> None:
        other = said.item.item
        claim(other != said.seat and said["name"] == said.names[other], "not another's character")

    def their_turn(said: Said) -> None:
        actors = said.actors
        claim(bool(actors) and actors[0] != said.seat and said["name"] == said.names[actors[0]], "not their turn")

    def panel_first(said: Said) -> None:
        claim(said.table.panel is not None and said.seat in said.actors, "no choice of the person's waits")

    def token_used(said: Said) -> None:
        claim(said.state.players[said.seat].wand_token == "down", "the Wand Bonus Token is face up")

    def special_not_now(said: Said) -> None:
        card = said.item.item
        claim(not [c for c in said.legal if isinstance(c, ch.UseSpecial) and c.card == card], f"{card} can be used")

    def unplayable(said: Said) -> None:
        card = said.item.item
        plays = [c for c in said.legal if isinstance(c, ch.PlayHere | ch.PlayThere) and c.card == card]
        claim(not plays and said["card"] == ADVENTURES[card].title, f"{card} can be played now")

    def spaces_full(said: Said) -> None:
        unplayable(said)
        card = said.item.item
        claim(all(cell in said.state.board for cell in ADVENTURES[card].cells), f"a space of {card} holds no card")

    return {
        "Your character cannot reach that space with this move.": cannot_reach,
        "That card cannot be played there: the lit spaces are where it may go.": not_there,
        "A card on the board is taken on by walking onto its space: move your character there.": board_card,
        "That is {name}'s character: move your own.": their_character,
        "It is {name}'s turn.": their_turn,
        "First make the choice in the panel.": panel_first,
        "Not now.": lambda said: claim(said.seat not in said.actors or said.table.panel is not None, "it is now"),
        "Your Wand Bonus Token was used: it turns face up when you next receive the Wand.": token_used,
        "That Special Card cannot be used now.": special_not_now,
        "{card} cannot be played now: each space it names holds a card.": spaces_full,
        "{card} cannot be played now.": unplayable,
        "To move there, pick up your character first: tap it, then this space (or drag it here).": informs,
        "Your Wand Bonus Token flips after this action: one more action follows at once.": informs,
        "After this action the table asks whether to flip your Wand Bonus Token.": informs,
    }


def tw_table_checks() -> dict[str, TableCheck]:
    def wizard(said: Said) -> Any:
        return said.state.wizards[said.seat]

    def may_choose(said: Said) -> None:
        state = said.state
        claim(state.stage == "choose" and state.prompt is None, "cards are not being chosen now")
        claim(wizard(said).choice is None and said.seat in said.actors, "the person may not choose now")

    def side_board_first(said: Said) -> None:
        claim(said.state.stage == "sideboard", "side boards are not being chosen")
        claim(not wizard(said).side, "the person's side board is chosen already")

    def resolving(said: Said) -> None:
        state = said.state
        claim(state.stage not in ("choose", "sideboard") or state.prompt is not None, "the round is not resolving")

    return {
        "Drop the card on your place at the table (or just tap it) to pick it.": may_choose,
        "First choose a card of your hand.": may_choose,
        "First choose your side board.": side_board_first,
        "Your duel is over: watch your ally's.": lambda said: claim(not wizard(said).dueling, "still dueling"),
        "You are paralyzed this round: no card, no turn.": lambda said: claim(
            said.seat in said.state.paralyzed, "not paralyzed"
        ),
        "You are ready: wait for the others.": lambda said: claim(wizard(said).choice is not None, "not chosen"),
        "Not now: the round is being resolved.": resolving,
        "Draw offered: the others answer in turn.": informs,
    }


def sf_table_checks() -> dict[str, TableCheck]:
    def drafting(said: Said) -> None:
        claim(said.state.phase == "draft", f"the phase is {said.state.phase}, not the rewards'")

    def choosing(said: Said) -> None:
        drafting(said)
        chooser = said.state.draft_order[said.state.draft_index % len(said.state.draft_order)]
        claim(said["name"] == said.names[chooser], f"{said['name']} is not choosing")

    def seat_named(said: Said, field: str) -> int:
        named = [seat for seat, name in enumerate(said.names) if name == said[field]]
        claim(len(named) == 1, f"{said[field]} is nobody at the table")
        return named[0]

    def bots_wand(said: Said) -> None:
        claim(not said.table.session.is_human(seat_named(said, "name")), f"{said['name']} is a person")

    def pointed_at(said: Said) -> None:
        seat = seat_named(said, "name")
        target = seat_named(said, "target") if "target" in said.fields else None
        claim(said.state.pointed[seat] and said.state.targets[seat] == target, "the wand points elsewhere")

    def turn_to_point(said: Said) -> None:
        current, seat = seat_named(said, "current"), seat_named(said, "name")
        claim(said.state.phase == "target", "wands are not being pointed")
        claim(not said.state.pointed[current] and not said.state.pointed[seat], "one of them has pointed")

    def phase(name: str) -> TableCheck:
        return lambda said: claim(said.state.phase == name, f"the phase is {said.state.phase}, not {name}")

    return {
        "That is {name}'s wand: a bot points it.": bots_wand,
        "{name}'s wand points at {target} already.": pointed_at,
        "It is {current}'s turn to point; {name}'s comes after.": turn_to_point,
        "Press Ready first: the count starts, then you point.": phase("target"),
        "Never at a teammate: point at a wizard of another house.": phase("target"),
        "Protego comes later, when the spells are cast: now point at a wizard of another house.": phase("target"),
        "Nobody there: the wand went back. Drop it on a wizard of another house (their place lights up).": phase(
            "target"
        ),
        "The count is over: that wand stays where it was.": phase("target"),
        "Drag your wand from your seat onto a wizard of another house (or tap your wand, then them).": phase("target"),
        "{name} is too late: their wand points at nobody this round.": phase("target"),
        "For Protego, bring your wand back onto your own seat, or press Protego.": phase("cast"),
        "{name} is choosing.": choosing,
        "Rewards are taken in turn by the standing flags.": drafting,
        "Rewards are taken after the spells are cast, by the wizards whose flag still stands.": lambda said: claim(
            said.state.phase != "draft", "rewards are being taken"
        ),
    }


def kit_table_checks() -> dict[str, TableCheck]:
    def choice_first(said: Said) -> None:
        claim(said.table.panel is not None and bool(said.legal), "no choice of the person's is open")

    return {"Make the choice first, or Peek at the table to reach the rest of it (Undo too).": choice_first}


TABLE_CHECKS: dict[str, Callable[[], dict[str, TableCheck]]] = {
    "house-cup": hc_table_checks,
    "house-cup-challenge": hcc_table_checks,
    "stupefix": sf_table_checks,
    "thats-wizard": tw_table_checks,
}
SAID: Counter[tuple[str, str]] = Counter()  # (game, table message id) -> words said judged


def judge_said(game_id: str, said_text: str, make: Callable[[str, dict[str, str]], Said]) -> None:
    found = classify_said(game_id, said_text)
    assert found is not None, f"{game_id}: the table said {said_text!r}, made from none of its message ids"
    msgid, fields = found
    checks = {**kit_table_checks(), **TABLE_CHECKS[game_id]()}
    assert msgid in checks, f"{game_id}: no checker for the table's {msgid!r} (said as {said_text!r})"
    try:
        checks[msgid](make(msgid, fields))
    except AssertionError as problem:
        raise AssertionError(f"{game_id}: the table said {said_text!r}, but {problem}") from None
    SAID[(game_id, msgid)] += 1


def at_table_refereed(game_id: str, seats: tuple[str, ...], seed: int, gestures: int, start: Any = None) -> None:
    """A real table, people and bots: at rest, a random gesture (a tap on a thing drawn, or a drag of it onto
    another) now and then; whatever the table says is judged, and a refusal leaves the rules' state as it was."""
    from tabletop.ui.scenes.overlays import Dialog, PrivacyOverlay
    from tabletop.ui.scenes.results import ResultsScene
    from tests.test_prompt_referee import give, open_game, person_at_screen

    game = open_game(game_id, seats, seed, start)
    app, driver, table = game.app, game.driver, game.table
    session = table.session
    rng = random.Random(seed)
    tried: list[tuple[Command, Any]] = []  # commands the table gave the rules, with the state they met
    submit = session.submit

    def recorded(command: Command) -> str | None:
        tried.append((command, pickle.loads(pickle.dumps(session.match.state))))
        return submit(command)

    session.submit = recorded  # type: ignore[method-assign]
    made = 0
    for _frame in range(6000):
        top = app.scenes.top
        if isinstance(top, ResultsScene) or made >= gestures:
            return
        if isinstance(top, PrivacyOverlay):
            driver.frames(50)
            top.ready()
        elif isinstance(top, Dialog):
            driver.tap(top.buttons[-1].rect.center)
        elif top is not table:  # (a card list, a player's cards a tap opened: closed as a person does)
            driver.key(pygame.K_ESCAPE)
        elif not (table.busy() or table.lingering()) and table.hits.placed and rng.random() < 0.6:
            gesture(game_id, table, rng, tried)
            made += 1
        elif person_at_screen(game) is not None:
            table.clear_selection()  # (what a gesture picked up would take the move another way)
            with contextlib.suppress(AssertionError):  # (the move made differently: the game goes on all the same)
                give(game, rng.choice(game.legal(table.view.seat)))
        driver.frames(3)


def gesture(game_id: str, table: Any, rng: random.Random, tried: list[tuple[Command, Any]]) -> None:
    match, driver = table.session.match, table.app  # (the app steps through ``Driver``)
    from tests.ui_driver import Driver

    drive = Driver(driver)
    start = rng.choice(table.hits.placed)
    end = rng.choice(table.hits.placed).rect.center if rng.random() < 0.5 else None
    state, seat, moves = pickle.loads(pickle.dumps(match.state)), table.view.seat, len(match.log)
    legal = list(match.game.legal(state, seat))
    before, tried[:] = table.message_until, []
    prompt = table.prompt()[0] if hasattr(table, "prompt") else ""
    if end is None:
        drive.tap(start.rect.center)
    else:
        drive.drag(start.rect.center, end, steps=3, hold_at_end=2)
    if table.message_until == before or not table.message or len(match.log) != moves:
        return  # nothing said, or a move was made
    assert to_json(match.state) == to_json(state), f"{game_id}: {table.message!r} said, and the state changed"
    refused = [(command, was) for command, was in tried if was is not None]
    if refused and table.message_error:
        command, was = refused[-1]
        try:
            referee(match.game, was, command, table.message)
            return
        except AssertionError as problem:
            if "made from no message id" not in str(problem):
                raise
    names = table.session.names()
    judge_said(
        game_id,
        table.message,
        lambda msgid, fields: Said(game_id, table, state, seat, names, msgid, fields, start, end, legal),
    )
    if table.message_error and hasattr(table, "prompt"):
        after = table.prompt()[0]
        table.clear_selection()  # (a touch elsewhere lets go of a card or a token picked: the table asks afresh)
        asks = (prompt, table.prompt()[0])
        assert after in asks, f"{game_id}: after {table.message!r} the table asks {after!r}, not {prompt!r}"


TABLES = [  # (game, seats, seed, gestures)
    ("house-cup", ("human", "human", "medium"), 5, 70),
    ("house-cup", ("human", "medium"), 3, 100),
    ("house-cup-challenge", ("human", "medium"), 3, 60),
    ("thats-wizard", ("human", "medium"), 4, 100),
    ("thats-wizard", ("human", "human", "medium", "medium"), 2, 50),
    ("stupefix", ("human", "medium", "medium", "medium"), 11, 70),
]


@pytest.mark.parametrize(("game_id", "seats", "seed", "gestures"), TABLES)
def test_table_refusals_say_what_is_true(
    game_id: str, seats: tuple[str, ...], seed: int, gestures: int, english: None
) -> None:
    before = sum(n for (gid, _msgid), n in SAID.items() if gid == game_id)
    at_table_refereed(game_id, seats, seed, gestures)
    assert sum(n for (gid, _msgid), n in SAID.items() if gid == game_id) > before, f"{game_id}: the table said nothing"


def test_a_token_tapped_after_the_last_round_is_not_told_cards_are_being_taken(english: None) -> None:
    """The game's end: Gryffindor (a person) looks at the deck for Help Searching for Points, peeks at the table
    and taps one of their tokens. No cards are taken any more: the refusal said they were."""
    from tests.house_cup_positions import searching_at_the_end
    from tests.test_prompt_referee import open_game

    options = GAMES["house-cup"].default_options(2) | {"houses": ["Gryffindor", "Slytherin"], "first": 0}
    game = open_game("house-cup", ("human", "medium"), 1, searching_at_the_end(), options)
    table, driver = game.table, game.driver
    assert table.view.phase == "end" and table.panel is not None
    driver.tap(table.panel.hide.rect.center)  # "Peek at the table"
    driver.frames(3)
    state = pickle.loads(pickle.dumps(table.session.match.state))
    token = table.hits.rect_of("token", 1)
    assert token is not None
    driver.tap(token.center)
    assert table.message, "the tap on a token said nothing"
    names = table.session.names()
    judge_said(
        "house-cup",
        table.message,
        lambda msgid, fields: Said("house-cup", table, state, 0, names, msgid, fields, None, None, []),
    )


def table_words(
    game_id: str, table: Any, act: Callable[[], None], item: Any = None, end: tuple[int, int] | None = None
) -> str | None:
    """What the table says after ``act`` (a gesture begun on ``item``, a hit map's Placed, and ended at ``end``;
    or frames that run a count out), judged against the state before it; the message id said, or None."""
    state = pickle.loads(pickle.dumps(table.session.match.state))
    seat, names, before = table.view.seat, table.session.names(), table.message_until
    legal = list(GAMES[game_id].legal(state, seat))
    act()
    if table.message_until == before or not table.message:
        return None
    judge_said(
        game_id,
        table.message,
        lambda msgid, fields: Said(game_id, table, state, seat, names, msgid, fields, item, end, legal),
    )
    found = classify_said(game_id, table.message)
    return None if found is None else found[0]


def test_wands_dropped_wrongly_at_a_stupefix_table_are_told_truly(english: None) -> None:
    """The live count's refusals, made by the gestures that make them (the random person hardly ever pointed a
    wand within a count): a wand before Ready, a bot's wand, out of turn, on its own seat, on nobody, on a
    teammate, twice, too late, a tap on a seat with no wand in hand, and a wand moved in the casting phase."""
    from tabletop.ui.tables.stupefix.live import GRACE
    from tests.stupefix_ui_helpers import table_for, until
    from tests.test_stupefix_ui_live import COUNT, frames_of, ready, to_live

    said: set[str | None] = set()
    _app, driver, table = table_for(["human", "human", "human", "greedy"], seed=4, chouchou=3)
    to_live(driver, table)
    seats, own = table.layout.seats, table.layout.seats[0].rect
    for act in (
        lambda: driver.drag(table.wand_grip(1), seats[3].rect.center),  # before Ready
        lambda: driver.drag(table.wand_grip(3), seats[1].rect.center),  # a bot's wand
        lambda: ready(driver, table),
        lambda: driver.drag(table.wand_grip(1), seats[3].rect.center),  # Ada's turn first
        lambda: driver.drag(table.wand_grip(0), (own.centerx - own.width // 4, own.centery)),  # onto her own seat
        lambda: driver.drag(table.wand_grip(0), table.layout.urn.midbottom),  # on nobody
        lambda: driver.tap((own.centerx - own.width // 4, own.centery)),  # a seat tapped, no wand in hand
        lambda: driver.drag(table.wand_grip(0), seats[1].rect.center),
        lambda: driver.drag(table.wand_grip(0), seats[3].rect.center),  # pointed already
        lambda: driver.frames(2),
        lambda: ready(driver, table),
        lambda: driver.frames(frames_of(COUNT + GRACE) + 2),  # Bram is too late
        lambda: driver.drag(table.wand_grip(1), seats[3].rect.center),  # at nobody already
    ):
        said.add(table_words("stupefix", table, act))
    _app, driver, table = table_for(["human"] + ["greedy"] * 5, seed=3)  # seat 0's teammate is seat 2
    to_live(driver, table)
    ready(driver, table)
    said.add(table_words("stupefix", table, lambda: driver.drag(table.wand_grip(0), table.layout.seats[2].rect.center)))
    driver.drag(table.wand_grip(0), table.layout.seats[3].rect.center)
    until(driver, table, lambda: table.panel is not None and table.choice.kind == "cast", limit=600)
    said.add(table_words("stupefix", table, lambda: driver.drag(table.wand_grip(0), table.layout.seats[3].rect.center)))
    assert {
        "Press Ready first: the count starts, then you point.",
        "That is {name}'s wand: a bot points it.",
        "It is {current}'s turn to point; {name}'s comes after.",
        "Protego comes later, when the spells are cast: now point at a wizard of another house.",
        "Nobody there: the wand went back. Drop it on a wizard of another house (their place lights up).",
        "Drag your wand from your seat onto a wizard of another house (or tap your wand, then them).",
        "{name}'s wand points at {target} already.",
        "{name} is too late: their wand points at nobody this round.",
        "Never at a teammate: point at a wizard of another house.",
        "For Protego, bring your wand back onto your own seat, or press Protego.",
    } <= said, said


def test_a_challenge_tables_refusals_at_built_positions_are_told_truly(english: None) -> None:
    """Harry's character dragged out of reach, Accio! tapped with no card in reach, his used Wand Bonus Token
    tapped; then, Fawkes offered, the table peeked at and a Special Card tapped."""
    from tests.house_cup_challenge_positions import position
    from tests.test_prompt_referee import open_game

    gid = "house-cup-challenge"
    options = GAMES[gid].default_options(2) | {"characters": ["harry", "ron"], "prefect": 0, "youngest": 0}

    def special(table: Any, card: str) -> Any:
        return next(placed for placed in table.hits.placed if placed.kind == "special" and placed.item == card)

    state = position(characters=("harry", "ron"), cells=["A5", "H7"], specials=[["accio"], []], board={"C3": "Y1-01"})
    state.players[0].wand_token = "down"
    game = open_game(gid, ("human", "medium"), 1, state, options)
    table, driver = game.table, game.driver
    far, token = table.layout.cells["H2"].center, table.hits.rect_of("token", 0)
    bonus, accio = table.hits.rect_of("bonus", 0), special(table, "accio")
    assert token is not None and bonus is not None
    said = {
        table_words(gid, table, lambda: driver.drag(token.center, far), end=far),
        table_words(gid, table, lambda: driver.tap(accio.rect.center), accio),
        table_words(gid, table, lambda: driver.tap(bonus.center)),
    }
    state = position(
        characters=("harry", "ron"),
        cells=["F1", "H7"],
        abilities=[[1, 1, 1]] * 2,
        specials=[["fawkes", "accio"], []],
        board={"G1": "Y2-05"},  # a Rogue Bludger: Skill 4
    )
    GAMES[gid].apply(state, ch.Move(0, ("G1",)))
    game = open_game(gid, ("human", "medium"), 1, state, options)
    table, driver = game.table, game.driver
    assert table.panel is not None
    driver.tap(table.panel.hide.rect.center)  # "Peek at the table"
    driver.frames(3)
    accio = special(table, "accio")
    said.add(table_words(gid, table, lambda: driver.tap(accio.rect.center), accio))
    assert said == {
        "Your character cannot reach that space with this move.",
        "That Special Card cannot be used now.",
        "Your Wand Bonus Token was used: it turns face up when you next receive the Wand.",
        "First make the choice in the panel.",
    }, said


def test_a_house_cup_tables_dropped_tokens_and_cards_are_told_truly(english: None) -> None:
    """A token dropped off the timetable while placing; a card of the day dropped off one's own cards while
    taking (and a token tapped then)."""
    from tests.house_cup_positions import position, taking
    from tests.test_prompt_referee import open_game

    gid, corner = "house-cup", (640, 10)
    options = GAMES[gid].default_options(2) | {"houses": ["Gryffindor", "Slytherin"], "first": 0}
    game = open_game(gid, ("human", "medium"), 1, None, options)
    table, driver = game.table, game.driver
    token = table.hits.rect_of("token", 1)
    assert table.view.phase == "place" and token is not None
    said = {table_words(gid, table, lambda: driver.drag(token.center, corner), end=corner)}
    state = taking(position(houses=["Gryffindor", "Slytherin"], days={0: ["potions-5", "charms-1"]}), 0, [(0, 1)])
    game = open_game(gid, ("human", "medium"), 1, state, options)
    table, driver = game.table, game.driver
    card = next(placed for placed in table.hits.placed if placed.kind == "card" and placed.item == "potions-5")
    token = table.hits.rect_of("token", 2)
    assert token is not None
    said.add(table_words(gid, table, lambda: driver.drag(card.rect.center, corner), card, corner))
    said.add(table_words(gid, table, lambda: driver.tap(token.center)))
    assert said == {
        "Drop the token under a day of the timetable, Monday to Friday.",
        "Drag the card down to your cards, or just tap it, to take it.",
        "Tokens are placed during the schedule updates; now cards are being taken.",
    }, said


def refused_reason(game_id: str, state: Any, command: Command) -> str:
    """``command``'s refusal on ``state`` (refereed like the games' own), and its words."""
    game = GAMES[game_id]
    try:
        game.apply(pickle.loads(pickle.dumps(state)), command)
    except IllegalCommand as refused:
        referee(game, state, command, refused.reason)
        return refused.reason
    raise AssertionError(f"{command!r} was taken")


def test_a_step_to_a_space_not_beside_is_not_called_a_wall(english: None) -> None:
    """The rulebook (1.3): walls lie between neighbouring cells only. A move to the same space or to one further
    away was refused as "there is a wall between them"."""
    from tests.house_cup_challenge_positions import position

    state = position(characters=("harry", "ron"), cells=["A5", "A5"])
    walled = refused_reason("house-cup-challenge", state, ch.Move(0, ("A4",)))  # (A4 is beside A5, with a wall)
    assert walled.endswith("there is a wall between them."), walled
    for far in (("D6",), ("A5",), ("B5", "B5")):
        said = refused_reason("house-cup-challenge", state, ch.Move(0, far))
        assert "wall" not in said, said


def test_built_positions_reach_the_rarer_refusals(english: None) -> None:
    """Special Cards used wrongly, where the random games seldom go."""
    from tests.house_cup_challenge_positions import position

    state = position(
        characters=("harry", "ron", "hermione"),
        cells=["A5", "A5", "A5"],
        specials=[["accio", "polyjuice", "firebolt", "floo"], [], []],
        board={"C3": "Y1-01"},
    )
    for command in (
        ch.UseSpecial(0, "accio", cell="H6"),  # no card there
        ch.UseSpecial(0, "accio", cell="C3"),  # too far
        ch.UseSpecial(0, "polyjuice", other=0),
        ch.UseSpecial(0, "polyjuice", other=7),
        ch.UseSpecial(0, "firebolt", cell="A5"),
        ch.UseSpecial(0, "floo", cell="A5"),
        ch.PlayThere(0, "Y1-01", "A5"),
    ):
        refused_reason("house-cup-challenge", state, command)
    met = {msgid for (gid, msgid) in JUDGED if gid == "house-cup-challenge"}
    assert {
        "Accio! reaches a card at most 3 connections away.",
        "Choose a space with a face-up Adventure Card.",
        "Choose another character to swap places with.",
    } <= met, met


def refused_all(game_id: str, state: Any, commands: tuple[Command, ...]) -> set[str]:
    """The message ids of ``commands``' refusals on ``state``, each refereed."""
    met = set()
    for command in commands:
        met.add(classify(game_id, refused_reason(game_id, state, command))[0])
    return met


def hcc_failed(special: str | None, card: str, cell: str, came_from: str, hand: tuple[str, ...] = ()) -> Any:
    """Hermione (all abilities 1) steps from ``came_from`` onto ``card`` on ``cell`` and fails its Test."""
    from tests.house_cup_challenge_positions import position

    state = position(
        cells=["H7", came_from, "H7", "H7"],
        abilities=[[1, 1, 1]] * 4,
        hands=[[], list(hand), [], []],
        board={cell: card},
        specials=[[], [special] if special else [], [], []],
        actor=1,
    )
    GAMES["house-cup-challenge"].apply(state, ch.Move(1, (cell,)))
    return state


def test_built_positions_reach_the_challenges_setbacks_and_special_cards(english: None) -> None:
    """Fawkes offered, a setback's discard and retreat, the Time-Turner's actions, a face-down [Free] card, a
    Firebolt landing on a card walked past a way the seat does not have."""
    from tests.house_cup_challenge_positions import position

    game, gid = GAMES["house-cup-challenge"], "house-cup-challenge"
    met = refused_all(gid, hcc_failed("fawkes", "Y2-05", "G1", "F1"), (ch.Pass(1), ch.UseFree(1, "expelliarmus")))
    state = hcc_failed(None, "Y3-14", "B2", "B3", hand=("Y1-01", "Y5-06"))  # Dementors at the Lake: H5
    game.apply(state, ch.Check(1))
    met |= refused_all(gid, state, (ch.Retreat(1, "B3"), ch.Pass(1)))
    state = position(
        cells=["A5", "C6", "H7", "H7"], hands=[["Y1-06"], ["Y1-01", "Y1-02"], [], []], board={"B6": "Y1-25"}
    )
    game.apply(state, ch.PlayThere(0, "Y1-06", "C6"))  # Fluffy onto Hermione: she fails, then chooses where to go
    game.apply(state, ch.Check(1))
    game.apply(state, ch.Discard(1, "Y1-01"))
    met |= refused_all(gid, state, (ch.Retreat(1, "B6"), ch.Retreat(1, "C6"), ch.Discard(1, "Y1-02")))
    state = position(cells=["C3", "H7", "H7", "H7"], specials=[["timeturner", "hedwig", "map"], [], [], []])
    game.apply(state, ch.UseSpecial(0, "timeturner"))
    met |= refused_all(gid, state, (ch.UseSpecial(0, "hedwig"), ch.UseSpecial(0, "map", ("C4",))))
    state = position(
        characters=("hermione", "harry"),
        cells=["A5", "H7"],
        abilities=[[1, 1, 1], [1, 1, 1]],
        specials=[["firebolt", "fawkes", "timeturner"], []],
        board={"G1": "Y2-05"},  # a Rogue Bludger: S4
    )
    player = state.players[0]
    for card in ("fawkes", "timeturner"):
        player.specials_up.remove(card)
        player.specials_down.append(card)
    commands = (ch.UseSpecial(0, "fawkes"), ch.UseSpecial(0, "timeturner"))
    ways = (("harry",), ("cloak",), ("able",), ("x",))
    met |= refused_all(
        gid, state, commands + tuple(ch.UseSpecial(0, "firebolt", cell="G1", bypass=way) for way in ways)
    )
    assert {
        "First decide whether to flip Fawkes the Phoenix for a second try.",
        "First choose the card your setback makes you discard.",
        "First choose the space to retreat to.",
        "Retreat to a connected space without a face-up Adventure Card.",
        "The Time-Turner's actions cannot use a Special Card.",
        "{card} is face down until you next receive the Wand or a New Year begins.",
        "{card} is face down until you next receive the Wand.",
        "You cannot walk past that card that way.",
    } <= met, met


def test_built_positions_reach_that_wizards_draws_and_choices(english: None) -> None:
    """Draw offers and their answers, Dispel, Erase Memory, wizards falling together, the sudden-death pairing,
    and a cost Tongue Tie pushes over 10."""
    from tests.test_thats_wizard_coverage import CURSER, ERASER, HOARDER, finish_duel
    from tests.test_thats_wizard_termination import HARMLESS, HEALER, MIXED, MIXED_KEEP, stalled_match
    from tests.thats_wizard_positions import duel, play_round, rng_for, tracker

    game, gid = GAMES["thats-wizard"], "thats-wizard"
    match = stalled_match([HARMLESS, HEALER])
    match.apply(tw.Pass(1))
    match.apply(tw.OfferDraw(0))
    met = refused_all(gid, match.state, (tw.Pass(1), tw.AnswerDraw(0, False)))
    match.apply(tw.AnswerDraw(1, False))
    met |= refused_all(gid, match.state, (tw.OfferDraw(0),))
    hurts = ["shock", "tongue_tie", "ignite", "regenerate", "brittlebones", "reflect", "portents"]
    match = stalled_match([HARMLESS, hurts], keep={1: ["shock", "ignite", "regenerate"]})
    met |= refused_all(gid, match.state, (tw.OfferDraw(1),))
    match.apply(tw.OfferDraw(0))
    met |= refused_all(gid, match.state, (tw.AnswerDraw(1, True),))
    match = stalled_match([HARMLESS, HARMLESS, MIXED, MIXED], keep={2: MIXED_KEEP, 3: MIXED_KEEP})
    match.apply(tw.Concede(2))
    match.apply(tw.OfferDraw(0))
    match.apply(tw.AnswerDraw(1, True))
    met |= refused_all(gid, match.state, (tw.AnswerDraw(3, True),))

    state = duel(["The Boy Wizard", "The Crone"], [["dispel"], ["silence", "fear"]])
    play_round(state, {0: None, 1: ("silence", 2)})
    play_round(state, {0: None, 1: ("fear", 3)})
    play_round(state, {0: ("dispel", 3), 1: None})
    met |= refused_all(gid, state, (tw.RemoveToken(0, 0, "fear"), tw.Pass(0), tw.Pass(1)))

    state = duel([ERASER, "The Crone", CURSER, "The Prodigy"], [["erase_memory"], ["silence"], None, None])
    play_round(state, {1: ("silence", 2)})
    play_round(state, {0: ("erase_memory", 7), 1: "focus", 2: None, 3: None})
    met |= refused_all(gid, state, (tw.TakeCards(0, ("stun",)), tw.Pass(0)))
    state = duel([ERASER, HOARDER], [["erase_memory"], ["silence", "fear", "portents", "brittlebones", "stun"]])
    play_round(state, {0: ("erase_memory", 7), 1: None})
    game.apply(state, tw.TakeCards(0, ("silence", "stun")))
    met |= refused_all(gid, state, (tw.Play(1, "stun", 1), tw.Pass(1, "stun", 1)))

    state = duel(["The Boy Wizard", "The Dark Lord"], [["tongue_tie", "shock"], ["death", "explosion"]])
    play_round(state, {0: ("tongue_tie", 3), 1: None})
    tracker(state, 1, 11, 10)
    met |= refused_all(gid, state, (tw.Play(1, "death", 10),))

    state = duel(
        ["The Sorceress", "The Constable", "The Prophet", "The Rogue"], [["explosion"], None, None, ["explosion"]]
    )
    finish_duel(state, 1)
    finish_duel(state, 2)
    for seat in range(4):
        game.apply(state, tw.ChooseSideBoard(seat, tuple(state.books[seat][:2])))
        tracker(state, seat, 1, 10)
    state.rng = rng_for([2, 6, 3, 1])  # seat 1 wins the roll: they order the falls
    play_round(state, dict.fromkeys(range(4), "counterspell"))
    met |= refused_all(gid, state, (tw.ApplyFirst(1, 7), tw.Pass(1)))
    game.apply(state, tw.ApplyFirst(1, 2))
    game.apply(state, tw.ApplyFirst(1, 3))
    assert state.prompt is not None and state.prompt.kind == "pairing"
    met |= refused_all(gid, state, (tw.ChoosePairing(state.prompt.seat, 2), tw.Pass(state.prompt.seat)))
    assert {
        "A draw is on offer: it must be accepted or refused first.",
        "You have offered a draw this round already.",
        "You can offer a draw only while no spell you still hold can hurt your opponent: you can still win.",
        "You can still hurt your opponent, so you cannot accept a draw: refuse it and play on.",
        "Your duel is over and the match may still be decided: you cannot accept a draw, only refuse it.",
        "Dispel removes tokens only from your opponent's lasting spells in play.",
        "First choose the lasting spell your Dispel removes a token from.",
        "Take {count} card from the hand you see.",
        "First choose the cards your Erase Memory takes.",
        "{problem} To play it anyway as a pass, use Pass.",
        "Choose one of the wizards who would fall.",
        "First choose whose Stamina loss comes first.",
        "Seat 1 faces seat 2 or seat 4 in the sudden-death set.",
        "First choose who faces whom in the sudden-death set.",
    } <= met, met
    inner = {msgid for (g, msgid), _n in JUDGED.items() if g == gid}
    assert "Erase Memory has taken {card}: you cannot play it until it comes back." in inner
    assert "{card} at {dial} would cost {cost} Power with Tongue Tie: nothing can cost more than 10." in inner


def test_a_dispel_turned_back_is_not_said_to_take_the_opponents_tokens(english: None) -> None:
    """The supplement (Dispel): "Reversed: the tokens come from your own lasting spells, and you still choose."
    The caster, choosing among their own Tongue Tie and Ignite, was told a token of the opponent's Silence was
    refused because Dispel "removes tokens only from your opponent's lasting spells"."""
    from tests.thats_wizard_positions import duel, play_round, tracker

    state = duel(["The Boy Wizard", "The Crone"], [["dispel", "tongue_tie", "ignite"], ["reflect", "silence"]])
    play_round(state, {0: ("tongue_tie", 4), 1: ("silence", 2)})
    tracker(state, 0, 20, 10)
    play_round(state, {0: ("ignite", 3), 1: None})
    tracker(state, 0, 20, 10)
    play_round(state, {0: ("dispel", 3), 1: ("reflect", 2)})
    assert state.prompt is not None and state.prompt.kind == "dispel" and state.prompt.target == 0
    said = refused_reason("thats-wizard", state, tw.RemoveToken(0, 1, "silence"))
    assert "opponent" not in said and "your own lasting spells" in said, said


def test_built_positions_reach_the_private_lessons_face_down_choice(english: None) -> None:
    """Private Lessons when no Stupefy lies among the face-down cards (seat 3 cast Protego over a Misfire)."""
    from tests.stupefix_helpers import new, play_round, set_row

    state = new(4)
    play_round(state, spells={1: "stupefix", 3: "rate"}, protego={3})
    set_row(state, ["cours", "points10", "chouchou"])
    GAMES["stupefix"].apply(state, sx.TakeReward(0, "cours"))
    met = refused_all("stupefix", state, (sx.TakeStupefix(0, True), sx.TakeReward(0, "points10")))
    assert "There is no Stupefy among the face-down cards: take a face-up one." in met, met


if __name__ == "__main__":
    i18n.set_language("en")
    for gid in CHECKS:
        for count in GAMES[gid].player_counts:
            for number in range(GAMES_PER_COUNT[gid]):
                play_and_referee(gid, count, 100 * count + number)
    for (gid, msgid), n in sorted(JUDGED.items()):
        print(f"{gid}\t{n}\t{msgid}")
    for gid, ids in never_met().items():
        for msgid in ids:
            print(f"NEVER\t{gid}\t{msgid}")
    for gid, seats, seed, gestures in TABLES:
        at_table_refereed(gid, seats, seed, gestures)
    for (gid, msgid), n in sorted(SAID.items()):
        print(f"TABLE\t{gid}\t{n}\t{msgid}")
