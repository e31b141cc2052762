"""A referee for the log's words: what each line SAYS, checked against what the command did to the state.

Seeded games of every game are played through the protocol by random legal moves at every table size. For each
command the state before (a deep copy) and after, and the events it produced, are kept; each event's English line
(``Game.describe``) is then read against the change of state, worked out here on its own: a card said taken is in
the taker's cards afterwards and was on that day before, "gains N" is the rise of the counter, "(K left in the
deck)" is the deck's size once that event is done (counted event by event from the state before, and checked
against the state after), a name is the seat the state moved, a singular or plural agrees with its number.

A card or a counter that several events of one command change is followed event by event: its value before the
first of them is read from the state before, and after the last of them from the state after. Some lines are
also checked in French and Russian: the same numbers and the same players' names as the English line.

Run as a script to see how many lines of each kind were checked: ``python tests/test_log_referee.py``.
"""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop import i18n
from tabletop.core.protocol import Command, Event, Game
from tabletop.games import GAMES
from tests import contract_hooks as hooks

NAMES = ["Ada", "Bram", "Cleo", "Dov", "Eli", "Fay", "Gus", "Hana"]  # no house's, character's or card's name
OPTIONS: dict[str, Callable[[int, int], dict[str, Any]]] = {
    "house-cup": hooks.house_cup_options,
    "stupefix": hooks.stupefix_options,
    "house-cup-challenge": hooks.challenge_options,
    "thats-wizard": hooks.wizard_options,
}
GAMES_PER_COUNT = {"house-cup": 12, "stupefix": 8, "house-cup-challenge": 5, "thats-wizard": 20}


@dataclass
class Step:
    """One command: the state before and after it, and what it told."""

    game: Game
    names: list[str]
    before: Any
    after: Any
    command: Command
    events: list[Event]
    lines: list[str] = field(default_factory=list)

    def earlier(self, index: int) -> list[Event]:
        return self.events[:index]

    def later(self, index: int) -> list[Event]:
        return self.events[index + 1 :]


def played(game_id: str, players: int, seed: int) -> Iterator[Step]:
    """Every command of one seeded game of random legal moves, with the states around it."""
    game = GAMES[game_id]
    names = NAMES[:players]
    state = game.setup(players, OPTIONS[game_id](players, seed), seed)
    rng = random.Random(seed)
    before = copy.deepcopy(state)
    for _ in range(100_000):
        if game.result(state) is not None:
            return
        seat = rng.choice(game.to_act(state))
        command = rng.choice(game.legal(state, seat))
        events = game.apply(state, command)
        after = copy.deepcopy(state)
        yield Step(game, names, before, after, command, events, [game.describe(e, names) for e in events])
        before = after
    raise AssertionError("the game did not end")


def steps(game_id: str) -> Iterator[Step]:
    game = GAMES[game_id]
    for players in game.player_counts:
        for seed in range(GAMES_PER_COUNT[game_id]):
            yield from played(game_id, players, 1000 * players + seed)


def _mentions(event: Event, card: str) -> bool:
    return any(value == card or (isinstance(value, tuple) and card in value) for value in vars(event).values())


def moved_by_others(step: Step, index: int, card: str, movers: tuple[type, ...], *, before: bool) -> bool:
    """Whether another event of the command, before (or after) ``index``, moves ``card`` too."""
    others = step.earlier(index) if before else step.later(index)
    return any(isinstance(e, movers) and _mentions(e, card) for e in others)


# --- plurals in English ------------------------------------------------------------------------------------------

_SINGULAR_NOUNS = (
    "card",
    "token",
    "reward token",
    "Late token",
    "lasting-effect token",
    "spell",
    "Successful Potion",
    "Stupefy card",
    "Misfire card",
)
# (not "their 2 token": a token's value, not a count)
_NUMBER_NOUN = re.compile(
    r"(?<![\w.-])(?<!their )(\d+) "
    r"((?:reward |Late |lasting-effect |Stupefy |Misfire )?(?:card|token|spell|Successful Potion)s?)\b"
)


def plural_problems(line: str) -> list[str]:
    """ "1 cards", "3 card": a count and its noun that disagree."""
    problems = []
    for number, noun in _NUMBER_NOUN.findall(line):
        plural = noun.endswith("s") and noun[:-1] in _SINGULAR_NOUNS
        if (int(number) == 1) == plural:
            problems.append(f"{number} {noun}")
    return problems


# --- the tally of what was checked -----------------------------------------------------------------------------

CHECKED: Counter[tuple[str, str]] = Counter()


def checked(step: Step, event: Event) -> None:
    CHECKED[step.game.id, type(event).__name__] += 1


Check = Callable[[Step, int, Event, str], None]


# --- House Cup ---------------------------------------------------------------------------------------------------

HC_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")


def hc_title(card: str) -> str:
    from tabletop.games.house_cup.cards import title

    return title(card)


def hc_sentence(text: str) -> str:
    """A line as House Cup ends it: no full stop after a title's own "!" or "?" ("discard Gryffindor, Forward!",
    not "Forward!.")."""
    return text[:-1] if text.endswith(("!.", "?.")) else text


def hc_zone(state: Any, card: str) -> str:
    """Where a card lies: "deck", "discard", "box", "day 2", "seat 1" (a tableau) or "looked" (searched)."""
    for seat, cards in enumerate(state.tableau):
        if card in cards:
            return f"seat {seat}"
    for day, cards in enumerate(state.days):
        if card in cards:
            return f"day {day}"
    for name in ("deck", "discard", "box"):
        if card in getattr(state, name):
            return name
    if any(card in task.cards for task in state.tasks if task.kind == "search"):
        return "looked"
    return "nowhere"


def hc_movers() -> tuple[type, ...]:
    from tabletop.games.house_cup import events as ev

    return (ev.Dealt, ev.CardTaken, ev.CardDiscarded, ev.CardGiven, ev.CardDrawn, ev.ShuffledBack, ev.SearchKept)


def hc_moved(step: Step, index: int, card: str, source: str | None, target: str) -> None:
    """``card`` went from ``source`` to ``target``: checked against the state before when no earlier event of the
    command moved it, and against the state after when no later one does."""
    movers = hc_movers()
    if source is not None and not moved_by_others(step, index, card, movers, before=True):
        assert hc_zone(step.before, card) == source, (card, source, step.events)
    if not moved_by_others(step, index, card, movers, before=False):
        assert hc_zone(step.after, card) == target, (card, target, step.events)


def hc_checks() -> dict[type, Check]:
    from tabletop.games.house_cup import events as ev

    def round_started(step: Step, i: int, e: Any, line: str) -> None:
        state = step.after
        assert line == f"Round {state.round} of {state.rounds} begins; {step.names[state.first]} holds the Sorting Hat."
        assert state.phase == "place" and state.deals >= 1

    def dealt(step: Step, i: int, e: Any, line: str) -> None:
        laid = "; ".join(hc_title(card) for card in e.cards)
        deck = hc_deck_after(step, i)
        if e.cards:
            assert line == f"Laid on the timetable: {laid} ({deck} left in the deck)."
        else:
            assert deck == 0 and line == "The deck is empty: no cards are laid on the timetable."
        for card in e.cards:
            from tabletop.games.house_cup.cards import CARDS

            hc_moved(step, i, card, "deck", f"day {CARDS[card].day}")

    def token_placed(step: Step, i: int, e: Any, line: str) -> None:
        seat, day = step.command.seat, step.command.day  # type: ignore[attr-defined]
        assert (e.seat, e.day) == (seat, day)
        name = step.names[seat]
        if e.to == (seat,):
            value = step.command.value  # type: ignore[attr-defined]
            assert value in step.before.held[seat]
            assert line == f"{name} places their {value} token face down under {HC_DAYS[day]}."
        else:
            assert seat not in (e.to or ()), "the face-down value is told to its owner alone"
            assert line == f"{name} places a token face down under {HC_DAYS[day]}."
        if step.after.phase == "place":  # (still lying there, face down, lowest in its column)
            token = step.after.under[day][-1]
            assert (token.seat, token.value, token.revealed) == (seat, step.command.value, False)  # type: ignore[attr-defined]

    def tokens_revealed(step: Step, i: int, e: Any, line: str) -> None:
        stack = [(t.seat, t.value) for t in step.before.under[e.day]]
        for other in step.earlier(i):
            if isinstance(other, ev.TokenPlaced) and other.value is not None and other.day == e.day:
                stack.append((other.seat, other.value))  # laid under the others in the column
        if not stack:
            assert line == f"No tokens under {HC_DAYS[e.day]}."
            return
        shown = ", ".join(f"{step.names[s]} {v}" for s, v in stack)
        assert line == f"{HC_DAYS[e.day]}'s tokens are turned over, in the order they lie: {shown}."

    def card_taken(step: Step, i: int, e: Any, line: str) -> None:
        assert line == f"{step.names[e.seat]} takes {hc_title(e.card)} from {HC_DAYS[e.day]}."
        hc_moved(step, i, e.card, f"day {e.day}", f"seat {e.seat}")

    def rewards_taken(step: Step, i: int, e: Any, line: str) -> None:
        name = step.names[e.seat]
        told = [x for x in step.events if isinstance(x, ev.RewardsTaken) and x.seat == e.seat]
        gained = step.after.rewards[e.seat] - step.before.rewards[e.seat]
        assert sum(x.count for x in told) == gained, (told, gained)
        wanted = {"nothing": 1, "letter": 1, "hagrid": 3, "cauldron": 1}[e.reason]
        assert e.wanted == wanted
        if e.count == 0:
            assert step.after.supply == 0 and "supply is empty" in line and name in line
            if e.reason == "hagrid":
                assert "three reward tokens" in line
            return
        noun = "reward token" if e.count == 1 else "reward tokens"
        assert line.startswith(f"{name} takes {e.count} {noun} "), line
        short = f" (the supply had only {e.count})." in line
        assert short == (e.count < wanted)
        if short:
            assert step.after.supply == 0

    def instant_applied(step: Step, i: int, e: Any, line: str) -> None:
        assert line == f"{step.names[e.seat]} applies {hc_title(e.card)} at once."
        if not moved_by_others(step, i, e.card, hc_movers(), before=False):
            assert hc_zone(step.after, e.card) == f"seat {e.seat}"

    def card_discarded(step: Step, i: int, e: Any, line: str) -> None:
        name, card = step.names[e.seat], hc_title(e.card)
        only = " (the only card they could)" if e.forced else ""
        if e.reason == "trouble":
            assert line == hc_sentence(f"Trouble makes {name} discard {card}{only}.")
        else:
            assert line == hc_sentence(f"{name} discards {card} into the Magic Cauldron{only}.")
        if not e.forced:
            assert step.command.seat == e.seat  # type: ignore[attr-defined]
        hc_moved(step, i, e.card, f"seat {e.seat}", "discard")

    def nothing_to_do(step: Step, i: int, e: Any, line: str) -> None:
        assert line.startswith(f"{hc_title(e.card)} of {step.names[e.seat]}: ")

    def card_given(step: Step, i: int, e: Any, line: str) -> None:
        only = " (the only gift possible)" if e.forced else ""
        assert line == f"{step.names[e.seat]} gives {hc_title(e.card)} to {step.names[e.to_seat]}{only}."
        assert e.seat != e.to_seat
        hc_moved(step, i, e.card, f"seat {e.seat}", f"seat {e.to_seat}")

    def card_drawn(step: Step, i: int, e: Any, line: str) -> None:
        if e.card is None:
            assert hc_deck_after(step, i) == 0
            assert line == f"{step.names[e.seat]} would draw for Divination, but the deck is empty."
            return
        assert line == f"{step.names[e.seat]} draws {hc_title(e.card)} with Divination."
        hc_moved(step, i, e.card, "deck", f"seat {e.seat}")

    def shuffled_back(step: Step, i: int, e: Any, line: str) -> None:
        assert line == f"{step.names[e.seat]} shuffles {hc_title(e.card)} back into the deck."
        hc_moved(step, i, e.card, f"seat {e.seat}", "deck")

    def cauldron_passed(step: Step, i: int, e: Any, line: str) -> None:
        from tabletop.games.house_cup import events as hce

        chose = isinstance(step.command, hce.CauldronDiscard) and step.command.seat == e.seat
        assert e.had_cards == chose
        name = step.names[e.seat]
        if e.had_cards:
            assert step.command.card is None  # type: ignore[attr-defined]
            assert line == f"{name} keeps their cards."
        else:
            assert line == f"{name} has no card to offer the Cauldron."
            resolving = {task.cards[0] for task in step.before.tasks if task.kind in ("trouble", "letter", "cauldron")}
            assert set(step.before.tableau[e.seat]) <= resolving

    def search_looked(step: Step, i: int, e: Any, line: str) -> None:
        deck = hc_deck_after(step, i) + e.count
        assert e.count == min(5, deck)
        if e.to == (e.seat,):
            top = list(reversed(step.before.deck))[: e.count]
            assert list(e.cards) == top
            noun = "card" if e.count == 1 else "cards"
            assert line == hc_sentence(f"You look at the top {e.count} {noun}: {', '.join(hc_title(c) for c in top)}.")
        elif e.count == 0:
            assert line == f"{step.names[e.seat]} searches for points, but the deck is empty."
        else:
            assert line.startswith(f"{step.names[e.seat]} looks at the top {e.count} card")
            assert not e.cards

    def search_kept(step: Step, i: int, e: Any, line: str) -> None:
        looked = next(t.cards for t in step.before.tasks if t.kind == "search")
        assert sorted(looked) == sorted([*e.discarded, *([e.card] if e.card else [])])
        rest = ", ".join(hc_title(c) for c in e.discarded) or "nothing"
        name = step.names[e.seat]
        if e.card is None:
            assert line == hc_sentence(f"{name} keeps none of them and discards {rest}.")
        else:
            assert line == hc_sentence(f"{name} keeps {hc_title(e.card)} and discards {rest}.")
            hc_moved(step, i, e.card, "looked", f"seat {e.seat}")
        for card in e.discarded:
            hc_moved(step, i, card, "looked", "discard")

    def flywheel_chosen(step: Step, i: int, e: Any, line: str) -> None:
        from tabletop.games.house_cup.text import set_name

        assert step.after.flywheel_set == e.set and "flywheel-1" in step.after.tableau[e.seat]
        assert line == f"{step.names[e.seat]}'s Flywheel of Time joins {set_name(step.after.flywheel_set)}."

    def hat_passed(step: Step, i: int, e: Any, line: str) -> None:
        assert step.after.first == (step.before.first + 1) % len(step.names)
        assert line == f"The Sorting Hat passes to {step.names[step.after.first]}."

    def game_ended(step: Step, i: int, e: Any, line: str) -> None:
        from tests.test_results_referee import hc_referee

        expected = hc_referee(step.after)
        tally = ", ".join(f"{n} {p}" for n, p in zip(step.names, expected.scores, strict=True))
        won = [step.names[s] for s in expected.winners]
        assert line.startswith(f"The game ends: {tally}. ")
        assert all(name in line.split(". ", 1)[1] for name in won)
        assert line.endswith("win the House Cup." if len(won) > 1 else "wins the House Cup.")

    return {
        ev.RoundStarted: round_started,
        ev.Dealt: dealt,
        ev.TokenPlaced: token_placed,
        ev.TokensRevealed: tokens_revealed,
        ev.CardTaken: card_taken,
        ev.RewardsTaken: rewards_taken,
        ev.InstantApplied: instant_applied,
        ev.CardDiscarded: card_discarded,
        ev.NothingToDo: nothing_to_do,
        ev.CardGiven: card_given,
        ev.CardDrawn: card_drawn,
        ev.ShuffledBack: shuffled_back,
        ev.CauldronPassed: cauldron_passed,
        ev.SearchLooked: search_looked,
        ev.SearchKept: search_kept,
        ev.FlywheelChosen: flywheel_chosen,
        ev.HatPassed: hat_passed,
        ev.GameEnded: game_ended,
    }


def hc_deck_after(step: Step, index: int) -> int:
    """The deck's size once event ``index`` is done, counted from the state before (and, at the command's end,
    equal to the state after's: checked by ``hc_command``)."""
    from tabletop.games.house_cup import events as ev

    size = len(step.before.deck)
    for event in step.events[: index + 1]:
        if isinstance(event, ev.Dealt):
            size -= len(event.cards)
        elif isinstance(event, ev.CardDrawn) and event.card is not None:
            size -= 1
        elif isinstance(event, ev.ShuffledBack):
            size += 1
        elif isinstance(event, ev.SearchLooked) and event.to and event.seat in event.to:
            size -= event.count
    return size


def hc_command(step: Step) -> None:
    """The whole command: the deck's count told event by event ends where the state is, every reward token
    taken is told, and the supply falls by them."""
    from tabletop.games.house_cup import events as ev

    assert hc_deck_after(step, len(step.events) - 1) == len(step.after.deck)
    told = sum(e.count for e in step.events if isinstance(e, ev.RewardsTaken))
    assert sum(step.after.rewards) - sum(step.before.rewards) == told
    assert step.before.supply - step.after.supply == told


# --- Stupéfix ----------------------------------------------------------------------------------------------------

SF_POINTS = {"points10": 10, "points20": 20, "points40": 40}


def sf_name(kind: str) -> str:
    from tabletop.games.stupefix.terms import name

    return name(kind)


def sf_cast(state: Any, seat: int) -> str:
    """What a seat casts at the reveal, from its choices: Protego, else its prepared card, else nothing."""
    return "protego" if state.protego[seat] else state.prepared[seat] or "none"


def sf_choices(step: Step) -> Any:
    """The state whose prepared cards, wands and Protego choices the reveal shows: the one before, with this
    command's own choice put in (the last choice of a phase is what reveals)."""
    from tabletop.games.stupefix import events as sfe

    state = copy.deepcopy(step.before)
    command = step.command
    if isinstance(command, sfe.CastSpell):
        state.protego[command.seat] = command.protego
    return state


def sf_checks() -> dict[type, Check]:
    from tabletop.games.stupefix import events as ev
    from tabletop.games.stupefix.cards import ROUNDS

    def round_started(step: Step, i: int, e: Any, line: str) -> None:
        state = step.after
        assert line == f"Round {state.round} of {ROUNDS} begins; {step.names[state.chouchou]} is the Teacher's Pet."
        assert state.round == step.before.round + 1

    def rewards_revealed(step: Step, i: int, e: Any, line: str) -> None:
        drawn = step.before.deck[len(step.before.deck) - len(e.rewards) :]
        assert len(e.rewards) == min(8, len(step.before.deck))
        assert Counter(drawn) == Counter(e.rewards)
        left = len(step.before.deck) - len(e.rewards)
        assert left == len(step.after.deck)
        shown = ", ".join(sf_name(kind) for kind in e.rewards) or "nothing"
        assert line == f"Rewards revealed beside Become Teacher's Pet: {shown} ({left} left in the deck)."
        if not any(isinstance(x, ev.RewardTaken) for x in step.later(i)):
            assert Counter(step.after.row) == Counter([*drawn, "chouchou"])

    def spell_prepared(step: Step, i: int, e: Any, line: str) -> None:
        seat = step.command.seat  # type: ignore[attr-defined]
        assert e.seat == seat
        if e.to == (seat,):
            spell = step.command.spell  # type: ignore[attr-defined]
            assert spell in step.before.hands[seat] and step.before.prepared[seat] is None
            assert line == f"{step.names[seat]} prepares {sf_name(spell)} (only they know)."
        else:
            assert line == f"{step.names[seat]} lays a spell card face down."

    def wand_pointed(step: Step, i: int, e: Any, line: str) -> None:
        name = step.names[e.seat]
        if isinstance(step.command, ev.PointWand) and step.command.seat == e.seat:
            assert e.target == step.command.target
        else:
            assert e.target is None  # (too late: the others had all pointed)
        if e.target is None:
            assert line == f"{name} points at nobody: too late."
        else:
            assert e.target != e.seat and line == f"{name} points their wand at {step.names[e.target]}."

    def cast_chosen(step: Step, i: int, e: Any, line: str) -> None:
        seat = step.command.seat  # type: ignore[attr-defined]
        name = step.names[seat]
        assert e.seat == seat
        if e.to == (seat,):
            protego = step.command.protego  # type: ignore[attr-defined]
            said = "Protego" if protego else "their spell, not Protego"
            assert line == f"{name} will cast {said} (only they know)."
        else:
            assert line == f"{name} is ready to cast."

    def spells_revealed(step: Step, i: int, e: Any, line: str) -> None:
        state = sf_choices(step)
        casts = [sf_cast(state, seat) for seat in range(len(step.names))]
        assert list(e.casts) == casts and list(e.targets) == state.targets
        shown = ", ".join(f"{n} {sf_name(c)}" for n, c in zip(step.names, casts, strict=True))
        assert line == f"Everyone casts at once: {shown}."

    def flag_down(step: Step, i: int, e: Any, line: str) -> None:
        state, name = sf_choices(step), step.names[e.seat]
        assert step.before.standing[e.seat]
        if sf_cast(state, e.seat) == "protego":
            assert e.reason == "protego"
            assert line.startswith(f"{name} is protected by Protego: flag down")
            return
        hits = sum(
            1 for seat in range(len(step.names)) if sf_cast(state, seat) == "stupefix" and state.targets[seat] == e.seat
        )
        assert hits > 0 and e.retard == hits
        late = "Late token" if hits == 1 else "Late tokens"
        assert line == f"{name} is stunned by {hits} Stupefy: flag down and {hits} {late}."
        returned = sum(1 for x in step.later(i) if isinstance(x, ev.RetardReturned) and x.owner == e.seat)
        assert step.after.retard[e.seat] - step.before.retard[e.seat] == hits - returned

    def draft_started(step: Step, i: int, e: Any, line: str) -> None:
        downed = {x.seat for x in step.earlier(i) if isinstance(x, ev.FlagDown)}
        players, first = len(step.names), step.before.chouchou
        clockwise = [(first + k) % players for k in range(players)]
        standing = [s for s in clockwise if step.before.standing[s] and s not in downed]
        assert list(e.order) == standing and standing
        assert line == f"Standing flags share the rewards, in this order: {', '.join(step.names[s] for s in standing)}."

    def nobody_standing(step: Step, i: int, e: Any, line: str) -> None:
        assert not any(isinstance(x, ev.DraftStarted) for x in step.events)
        offered = [kind for kind in step.before.row if kind != "chouchou"]
        assert Counter(offered) == Counter(e.discarded)
        shown = ", ".join(sf_name(kind) for kind in e.discarded) or "nothing"
        assert line.startswith(f"No flag is standing: the rewards are discarded ({shown})")

    def reward_taken(step: Step, i: int, e: Any, line: str) -> None:
        name, reward = step.names[e.seat], sf_name(e.reward)
        row = list(step.before.row)  # the row at this take: less what the command took before it
        for x in step.earlier(i):
            if isinstance(x, ev.RewardTaken):
                row.remove(x.reward)
        assert e.reward in row
        if e.forced:
            assert len(set(row)) == 1
            assert line == f"{name} takes {reward} (nothing else left to choose)."
        else:
            assert step.command.seat == e.seat and step.command.reward == e.reward  # type: ignore[attr-defined]
            assert line == f"{name} takes {reward}."
        if any(isinstance(x, ev.RoundEnded) for x in step.later(i)):
            return
        same = sum(1 for x in step.events if isinstance(x, ev.RewardTaken) and x.seat == e.seat)
        if same > 1:
            return
        before, after = step.before, step.after
        if e.reward in SF_POINTS:
            assert after.round_points[e.seat] == [*before.round_points[e.seat], SF_POINTS[e.reward]]
        elif e.reward == "potion":
            assert after.potions[e.seat] == before.potions[e.seat] + 1
        elif e.reward == "faveur":
            assert after.faveurs[e.seat] == before.faveurs[e.seat] + 1
        elif e.reward == "chouchou":
            assert after.chouchou == e.seat

    def lesson_taken(step: Step, i: int, e: Any, line: str) -> None:
        name, before = step.names[e.seat], step.before
        assert e.discarded == ("rate" in before.hands[e.seat])
        assert line.startswith(f"Private Lessons: {name} ")
        assert ("discards a Misfire" in line) == e.discarded
        face_up = any(card.kind == "stupefix" for card in before.spell_discard)
        found = "choice" if face_up and before.face_down else "up" if face_up else "down"
        if found == "down" and "stupefix" not in before.face_down:
            found = "none"
        assert e.found == found
        gained = step.after.gained_stupefix[e.seat] - before.gained_stupefix[e.seat]
        assert gained == (found in ("up", "down"))

    def stupefix_chosen(step: Step, i: int, e: Any, line: str) -> None:
        assert step.command.face_down == e.face_down  # type: ignore[attr-defined]
        name = step.names[e.seat]
        where = "a Stupefy from the face-down discards" if e.face_down else "a face-up Stupefy from the discard pile"
        assert line.startswith(f"{name} takes {where}")
        assert step.after.gained_stupefix[e.seat] == step.before.gained_stupefix[e.seat] + 1
        assert step.after.face_down.count("stupefix") == step.before.face_down.count("stupefix") - e.face_down

    def retard_returned(step: Step, i: int, e: Any, line: str) -> None:
        card = sf_name("retourneur" if e.reason == "retourneur" else "chouchou")
        name = step.names[e.seat]
        assert step.before.houses[e.seat] == step.before.houses[e.owner]
        if e.seat == e.owner:
            assert line == f"{name} gives back their own Late token ({card})."
        else:
            assert line == f"{name} gives back {step.names[e.owner]}'s Late token ({card})."
        if not any(isinstance(x, ev.FlagDown) and x.seat == e.owner for x in step.events):
            told = sum(1 for x in step.events if isinstance(x, ev.RetardReturned) and x.owner == e.owner)
            assert step.before.retard[e.owner] - step.after.retard[e.owner] == told

    def no_retard(step: Step, i: int, e: Any, line: str) -> None:
        card = sf_name("retourneur" if e.reason == "retourneur" else "chouchou")
        assert line == f"{card} of {step.names[e.seat]}: no Late token to give back."
        mates = step.before.teammates(e.seat) if e.reason == "retourneur" else [e.seat]
        assert all(step.after.retard[m] == 0 for m in mates)

    def chouchou_taken(step: Step, i: int, e: Any, line: str) -> None:
        name = step.names[e.seat]
        assert e.last == (step.before.round == ROUNDS)
        if e.last:
            assert line.startswith(f"{name} takes the Teacher's Pet tile in the last round")
        else:
            assert line == f"{name} takes the Teacher's Pet tile and will run the next round."
            assert step.after.chouchou == e.seat

    def round_ended(step: Step, i: int, e: Any, line: str) -> None:
        assert e.round == step.before.round
        points = {}
        for house in step.before.urns:
            added = step.after.urns[house][len(step.before.urns[house]) :]
            points[house] = sum(SF_POINTS.get(card, 0) for card in added)
        from tabletop.games.stupefix.cards import house_name

        shown = ", ".join(f"{house_name(h)} {p}" for h, p in points.items())
        if step.before.round == ROUNDS:  # (the game ends: no flag stands again)
            assert line == f"End of round {step.before.round}, the last: Points into the urns - {shown}."
        else:
            assert line == f"End of round {step.before.round}: Points into the urns - {shown}. Flags stand again."

    def potions_master(step: Step, i: int, e: Any, line: str) -> None:
        potions = step.after.potions
        best = max(potions)
        holders = [s for s, n in enumerate(potions) if n == best]
        assert e.potions == best
        if best == 0:
            assert line == "Nobody made a Successful Potion: nobody is Potions Master."
        elif len(holders) > 1:
            noun = "Successful Potion" if best == 1 else "Successful Potions"
            assert line == f"A tie with {best} {noun}: nobody is Potions Master."
        else:
            assert line.startswith(f"{step.names[holders[0]]} has the most Successful Potions ({best}): ")
            assert "maitre" in step.after.urns[step.after.houses[holders[0]]]

    def latecomers(step: Step, i: int, e: Any, line: str) -> None:
        retard = step.after.retard
        if len(set(retard)) == 1:
            assert line == "Everyone has the same number of Late tokens: no Latecomer."
            return
        most = max(retard)
        late = [step.names[s] for s, n in enumerate(retard) if n == most]
        noun = "Late token" if most == 1 else "Late tokens"
        assert line == f"Latecomer (-100 each) for {', '.join(late)}, with {most} {noun}."

    def game_ended(step: Step, i: int, e: Any, line: str) -> None:
        from tabletop.games.stupefix.cards import house_name
        from tests.test_results_referee import sf_referee

        expected = sf_referee(step.after)
        houses = list(dict.fromkeys(step.after.houses))
        assert line.startswith("The game ends: ")
        for seat, score in enumerate(expected.scores):
            assert f"{house_name(step.after.houses[seat])} {score}" in line
        won = {house_name(step.after.houses[s]) for s in expected.winners}
        tail = line.split(". ", 1)[1]
        assert all(h in tail for h in won) and not any(
            house_name(h) in tail for h in houses if house_name(h) not in won
        )
        assert tail.endswith("share the victory." if len(won) > 1 else " wins.")

    return {
        ev.RoundStarted: round_started,
        ev.RewardsRevealed: rewards_revealed,
        ev.SpellPrepared: spell_prepared,
        ev.WandPointed: wand_pointed,
        ev.CastChosen: cast_chosen,
        ev.SpellsRevealed: spells_revealed,
        ev.FlagDown: flag_down,
        ev.DraftStarted: draft_started,
        ev.NobodyStanding: nobody_standing,
        ev.RewardTaken: reward_taken,
        ev.LessonTaken: lesson_taken,
        ev.StupefixChosen: stupefix_chosen,
        ev.RetardReturned: retard_returned,
        ev.NoRetardToReturn: no_retard,
        ev.ChouchouTaken: chouchou_taken,
        ev.RoundEnded: round_ended,
        ev.PotionsMaster: potions_master,
        ev.Latecomers: latecomers,
        ev.GameEnded: game_ended,
    }


def sf_command(step: Step) -> None:
    """The whole command: every Late token taken or given back is told (FlagDown, RetardReturned)."""
    from tabletop.games.stupefix import events as ev

    for seat in range(len(step.names)):
        taken = sum(e.retard for e in step.events if isinstance(e, ev.FlagDown) and e.seat == seat)
        back = sum(1 for e in step.events if isinstance(e, ev.RetardReturned) and e.owner == seat)
        assert step.after.retard[seat] - step.before.retard[seat] == taken - back


# --- House Cup Challenge -----------------------------------------------------------------------------------------


def hcc_zone(state: Any, card: str) -> str:
    """Where an Adventure or Special Card lies: "hand 1", "board <cell>", "discard", "draw", "aside",
    "completed 0", "up 2" / "down 2" (a seat's Special Cards), "specials" (the Special deck), "year 3"."""
    for seat, player in enumerate(state.players):
        for zone in ("hand", "completed", "specials_up", "specials_down"):
            if card in getattr(player, zone):
                return f"{zone.removeprefix('specials_')} {seat}"
    for cell, there in state.board.items():
        if there == card:
            return f"board {cell}"
    for zone in ("discard", "draw", "aside", "special_deck"):
        if card in getattr(state, zone):
            return zone
    for year, cards in state.year_decks.items():
        if card in cards:
            return f"year {year}"
    return "nowhere"


def hcc_movers() -> tuple[type, ...]:
    from tabletop.games.house_cup_challenge import events as ev

    return (
        ev.CardsDrawn,
        ev.CardPlayed,
        ev.AdventureCompleted,
        ev.SpecialGained,
        ev.SpecialFlipped,
        ev.CardDiscarded,
        ev.CardTaken,
        ev.CardPlaced,
        ev.AsideDiscarded,
        ev.SpecialsRefreshed,
        ev.BoardCleaned,
        ev.CardRevealed,
        ev.Boosted,
    )


def hcc_moved(step: Step, index: int, card: str, source: str | None, target: str | None) -> None:
    movers = hcc_movers()
    if source is not None and not moved_by_others(step, index, card, movers, before=True):
        assert hcc_zone(step.before, card) == source, (card, source, hcc_zone(step.before, card))
    if target is not None and not moved_by_others(step, index, card, movers, before=False):
        from tabletop.games.house_cup_challenge import events as ev

        reshuffled = any(isinstance(e, ev.Reshuffled) for e in step.later(index))
        targets = {target, "draw"} if target == "discard" and reshuffled else {target}  # (the pile became the deck)
        assert hcc_zone(step.after, card) in targets, (card, target, hcc_zone(step.after, card))


def hcc_track(step: Step, index: int) -> int:
    """The Gryffindor Token once event ``index`` is done: the state before's, plus the VP and the stalemate
    points told since."""
    from tabletop.games.house_cup_challenge import events as ev

    track = step.before.track
    for event in step.events[: index + 1]:
        if isinstance(event, ev.AdventureCompleted):
            track += event.vp
        elif isinstance(event, ev.Stalemate):
            track += event.points
    return track


def hcc_checks() -> dict[type, Check]:
    from tabletop.games.house_cup_challenge import events as ev
    from tabletop.games.house_cup_challenge.board import name as space
    from tabletop.games.house_cup_challenge.cards import ABILITY_NAMES, ADVENTURES, YEAR_TITLES, title

    def who(step: Step, seat: int) -> str:
        return step.names[seat]

    def sentence(text: str) -> str:
        """A line as the Challenge ends it: no full stop after a title's own "!" or "?" ("takes the Special Card
        Accio!", not "Accio!.")."""
        return text[:-1] if text.endswith(("!.", "?.")) else text

    def round_started(step: Step, i: int, e: Any, line: str) -> None:
        state = step.after
        wand = state.wand if not any(isinstance(x, ev.WandPassed) for x in step.later(i)) else e.wand
        assert (e.round, e.year) == (state.round, state.year)
        assert (
            line
            == f"Round {state.round} (Year {state.year}, {YEAR_TITLES[state.year]}): {who(step, wand)} holds the Wand."
        )

    def passed(step: Step, i: int, e: Any, line: str) -> None:
        assert e.seat == step.command.seat and line == f"{who(step, e.seat)} passes."

    def cards_drawn(step: Step, i: int, e: Any, line: str) -> None:
        name = who(step, e.seat)
        assert e.count <= e.wanted
        if e.to == (e.seat,):
            assert e.cards is not None and len(e.cards) == e.count
            for card in e.cards:
                hcc_moved(step, i, card, None, f"hand {e.seat}")
        else:
            assert e.cards is None and e.seat not in (e.to or ())
        if e.count == 0:
            noun = "card" if e.wanted == 1 else "cards"
            assert line.startswith(f"{name} would draw {e.wanted} {noun}") and line.endswith("both piles are empty.")
            return
        if e.cards is None:
            noun = "card" if e.count == 1 else "cards"
            assert line.startswith(f"{name} draws {e.count} {noun}")
        else:
            assert line.startswith(f"{name} draws {', '.join(title(c) for c in e.cards)}")
        short = f"(only {e.count} of {e.wanted} {'was' if e.count == 1 else 'were'} left)" in line
        assert short == (e.count < e.wanted)

    def reshuffled(step: Step, i: int, e: Any, line: str) -> None:
        noun = "card" if e.count == 1 else "cards"
        assert line == f"The discard pile ({e.count} {noun}) is shuffled into a new Adventure Deck."
        pile = len(step.before.discard)  # the discard pile at the reshuffle: before, plus what went on it since
        for x in step.earlier(i):
            if isinstance(x, ev.CardDiscarded):
                pile += 1
            elif isinstance(x, ev.AsideDiscarded | ev.BoardCleaned):
                pile += len(x.cards)
            elif isinstance(x, ev.Reshuffled):
                pile = 0
        assert e.count == pile > 0
        assert not any(isinstance(x, ev.Reshuffled) for x in step.earlier(i))

    def moved(step: Step, i: int, e: Any, line: str) -> None:
        movers = (ev.Moved, ev.Swapped)
        mine = [x for x in step.events if isinstance(x, movers) and e.seat in (x.seat, getattr(x, "other", -1))]
        if mine[-1] is e:
            assert step.after.players[e.seat].cell == e.path[-1]
        if mine[0] is e and e.start:
            assert step.before.players[e.seat].cell == e.start
        assert line.startswith(who(step, e.seat)) and space(e.path[-1]) in line

    def walked_past(step: Step, i: int, e: Any, line: str) -> None:
        placed = [x for x in step.earlier(i) if isinstance(x, ev.CardPlayed | ev.CardPlaced) and x.card == e.card]
        assert step.before.board.get(e.cell) == e.card or placed
        assert line.startswith(f"{who(step, e.seat)} walks past {title(e.card)} on {space(e.cell)} (")

    def card_played(step: Step, i: int, e: Any, line: str) -> None:
        assert line == f"{who(step, e.seat)} plays {title(e.card)} on {space(e.cell)}."
        hcc_moved(step, i, e.card, f"hand {e.seat}", f"board {e.cell}")

    def encounter_started(step: Step, i: int, e: Any, line: str) -> None:
        placed = [x for x in step.earlier(i) if isinstance(x, ev.CardPlayed | ev.CardPlaced) and x.card == e.card]
        assert step.before.board.get(e.cell) == e.card or placed
        assert line == f"{who(step, e.seat)} encounters {title(e.card)} (Test {ADVENTURES[e.card].test.text()})."

    def boosted(step: Step, i: int, e: Any, line: str) -> None:
        verb = "discards" if e.card in ADVENTURES else "flips"
        assert line == f"{who(step, e.seat)} {verb} {title(e.card)} for +{e.amount} {ABILITY_NAMES[e.ability]}."
        assert e.amount > 0
        if e.card in ADVENTURES:
            hcc_moved(step, i, e.card, f"hand {e.seat}", "discard")
        else:
            hcc_moved(step, i, e.card, f"up {e.seat}", f"down {e.seat}")

    def test_checked(step: Step, i: int, e: Any, line: str) -> None:
        test = ADVENTURES[e.card].test
        values = dict(e.values)
        assert tuple(values) == test.abilities
        assert e.passed == test.passes(values)
        base = step.before.players[e.seat].abilities
        assert all(values[a] >= min(base[a], 10) for a in values)
        shown = ", ".join(f"{ABILITY_NAMES[a]} {v}" for a, v in e.values)
        assert line.startswith(f"{who(step, e.seat)} ") and line.endswith(f"({shown}).") or f"({shown})" in line
        assert ("passes" in line.split(" the Test")[0]) == e.passed

    def adventure_completed(step: Step, i: int, e: Any, line: str) -> None:
        assert e.vp == ADVENTURES[e.card].vp
        track = hcc_track(step, i)
        assert e.track == track
        assert line == f"{who(step, e.seat)} completes {title(e.card)}: {e.vp} VP (Gryffindor {track})."
        told = sum(x.vp for x in step.events if isinstance(x, ev.AdventureCompleted) and x.seat == e.seat)
        assert step.after.players[e.seat].vp - step.before.players[e.seat].vp == told
        hcc_moved(step, i, e.card, None, f"completed {e.seat}")

    def ability_raised(step: Step, i: int, e: Any, line: str) -> None:
        value = step.before.players[e.seat].abilities[e.ability]
        for x in step.earlier(i):
            if isinstance(x, ev.AbilityRaised) and (x.seat, x.ability) == (e.seat, e.ability):
                value += x.amount
        assert e.value == min(value + e.amount, 10) == value + e.amount
        name, ability = who(step, e.seat), ABILITY_NAMES[e.ability]
        if e.amount == 0:
            assert value == 10 and line == f"{name}'s {ability} is already {value}."
        else:
            assert line.startswith(f"{name}'s {ability} rises by {e.amount} to {e.value}")
        later = [
            x for x in step.later(i) if isinstance(x, ev.AbilityRaised) and (x.seat, x.ability) == (e.seat, e.ability)
        ]
        if not later:
            assert step.after.players[e.seat].abilities[e.ability] == e.value

    def special_gained(step: Step, i: int, e: Any, line: str) -> None:
        assert line == sentence(f"{who(step, e.seat)} takes the Special Card {title(e.card)}.")
        hcc_moved(step, i, e.card, "special_deck", f"up {e.seat}")

    def special_flipped(step: Step, i: int, e: Any, line: str) -> None:
        assert line == f"{who(step, e.seat)} uses {title(e.card)} (now face down)."
        hcc_moved(step, i, e.card, f"up {e.seat}", f"down {e.seat}")

    def encounter_failed(step: Step, i: int, e: Any, line: str) -> None:
        assert line.startswith(f"{who(step, e.seat)} fails {title(e.card)}")
        checks = [x for x in step.earlier(i) if isinstance(x, ev.TestChecked) and x.card == e.card]
        assert not checks or not checks[-1].passed  # (checked here, or in the command that asked for boosts)
        assert not any(isinstance(x, ev.AdventureCompleted) and x.card == e.card for x in step.events)

    def card_discarded(step: Step, i: int, e: Any, line: str) -> None:
        if e.why != "boost":
            words = {"setback": "setback", "limit": "hand limit", "holiday": "summer holidays"}[e.why]
            assert line == f"{who(step, e.seat)} discards {title(e.card)} ({words})."
        hcc_moved(step, i, e.card, f"hand {e.seat}", "discard")

    def card_taken(step: Step, i: int, e: Any, line: str) -> None:
        assert line == sentence(
            f"{who(step, e.seat)} summons {title(e.card)} from {space(e.cell)} into their hand with Accio!."
        )
        hcc_moved(step, i, e.card, f"board {e.cell}", f"hand {e.seat}")

    def swapped(step: Step, i: int, e: Any, line: str) -> None:
        assert line == f"{who(step, e.seat)} drinks the Polyjuice Potion and swaps places with {who(step, e.other)}."
        before, after = step.before.players, step.after.players
        if not any(isinstance(x, ev.Moved) for x in step.events):
            assert (after[e.seat].cell, after[e.other].cell) == (before[e.other].cell, before[e.seat].cell)

    def card_revealed(step: Step, i: int, e: Any, line: str) -> None:
        if e.placeable:
            assert line == f"{who(step, e.seat)} reveals {title(e.card)} (Year {ADVENTURES[e.card].year})."
        else:
            assert line.startswith(f"{who(step, e.seat)} reveals {title(e.card)}: none of its spaces is free")
            assert all(cell in step.before.board for cell in ADVENTURES[e.card].cells)
        hcc_moved(step, i, e.card, "draw", None)

    def card_placed(step: Step, i: int, e: Any, line: str) -> None:
        assert line == f"{title(e.card)} is put face up on {space(e.cell)}."
        assert e.cell in ADVENTURES[e.card].cells
        hcc_moved(step, i, e.card, None, f"board {e.cell}")

    def aside_discarded(step: Step, i: int, e: Any, line: str) -> None:
        aside = list(step.before.aside)
        aside += [x.card for x in step.earlier(i) if isinstance(x, ev.CardRevealed) and not x.placeable]
        assert list(e.cards) == aside and not step.after.aside
        assert line == sentence(f"The cards set aside go to the discard pile: {', '.join(title(c) for c in aside)}.")
        for card in aside:
            hcc_moved(step, i, card, None, "discard")

    def new_year(step: Step, i: int, e: Any, line: str) -> None:
        assert e.year == step.before.year + 1 == step.after.year
        added = len(step.before.year_decks[e.year])
        assert e.added == added and e.year not in step.after.year_decks
        noun = "card is" if added == 1 else "cards are"
        assert (
            line
            == f"New Year! Year {e.year} ({YEAR_TITLES[e.year]}) begins; its {added} {noun} shuffled into the deck."
        )

    def specials_refreshed(step: Step, i: int, e: Any, line: str) -> None:
        assert e.cards or e.token
        assert line.startswith(f"{who(step, e.seat)} turns ") and line.endswith(" face up again.")
        for card in e.cards:
            assert title(card) in line
            hcc_moved(step, i, card, f"down {e.seat}", f"up {e.seat}")
        assert ("the Wand Bonus Token" in line) == e.token
        if e.token:
            assert step.before.players[e.seat].wand_token == "down"

    def board_cleaned(step: Step, i: int, e: Any, line: str) -> None:
        for cell, card in e.cards:
            hcc_moved(step, i, card, f"board {cell}", "discard")
        assert line == sentence(f"Clean-up: old adventures leave the board: {', '.join(title(c) for _, c in e.cards)}.")

    def wand_passed(step: Step, i: int, e: Any, line: str) -> None:
        players = len(step.names)
        previous = [x.seat for x in step.earlier(i) if isinstance(x, ev.WandPassed)]
        holder = previous[-1] if previous else step.before.wand
        assert e.seat == (holder + 1) % players
        assert line == f"The Wand passes to {who(step, e.seat)}."

    def token_flipped(step: Step, i: int, e: Any, line: str) -> None:
        assert step.before.players[e.seat].wand_token == "up"
        assert line == f"{who(step, e.seat)} flips the Wand Bonus Token for an extra action."

    def stalemate(step: Step, i: int, e: Any, line: str) -> None:
        track = hcc_track(step, i)
        assert e.track == track == step.after.track
        if e.points == 0:
            assert step.before.year == 5
            assert line == "Three rounds without any VP: the last term ends in a stalemate."
            return
        assert track == 100 * step.before.year and e.points == track - hcc_track(step, i - 1)
        early = f"Year {step.before.year} ends early"
        assert line == f"Three rounds without any VP: {early}; Gryffindor moves up {e.points} to {track}."

    def end_reached(step: Step, i: int, e: Any, line: str) -> None:
        track = hcc_track(step, i)
        assert e.track == track >= 500 > step.before.track
        assert line.startswith(f"Gryffindor reaches {track}: ")

    def game_ended(step: Step, i: int, e: Any, line: str) -> None:
        from tests.test_results_referee import hcc_referee

        expected = hcc_referee(step.after)
        tally = ", ".join(f"{n} {p} VP" for n, p in zip(step.names, expected.scores, strict=True))
        assert f": {tally}. " in line
        won = [step.names[s] for s in expected.winners]
        tail = line.split(f"{tally}. ", 1)[1]
        assert all(n in tail for n in won) and not any(n in tail for n in step.names if n not in won)
        assert tail.endswith("share the win." if len(won) > 1 else " wins.")

    def step_started(step: Step, i: int, e: Any, line: str) -> None:
        words = {1: "First Action", 2: "Second Action", 3: "Third Action", 4: "Check for New Year"}
        words |= {5: "New Adventure Cards", 6: "Pass the Wand"}
        assert line == f"Step {e.step}: {words[e.step]}."
        if not any(isinstance(x, ev.StepStarted) for x in step.later(i)):
            assert step.after.step == e.step

    return {
        ev.StepStarted: step_started,
        ev.RoundStarted: round_started,
        ev.Passed: passed,
        ev.CardsDrawn: cards_drawn,
        ev.Reshuffled: reshuffled,
        ev.Moved: moved,
        ev.WalkedPast: walked_past,
        ev.CardPlayed: card_played,
        ev.EncounterStarted: encounter_started,
        ev.Boosted: boosted,
        ev.TestChecked: test_checked,
        ev.AdventureCompleted: adventure_completed,
        ev.AbilityRaised: ability_raised,
        ev.SpecialGained: special_gained,
        ev.SpecialFlipped: special_flipped,
        ev.EncounterFailed: encounter_failed,
        ev.CardDiscarded: card_discarded,
        ev.CardTaken: card_taken,
        ev.Swapped: swapped,
        ev.CardRevealed: card_revealed,
        ev.CardPlaced: card_placed,
        ev.AsideDiscarded: aside_discarded,
        ev.NewYear: new_year,
        ev.SpecialsRefreshed: specials_refreshed,
        ev.BoardCleaned: board_cleaned,
        ev.WandPassed: wand_passed,
        ev.TokenFlipped: token_flipped,
        ev.Stalemate: stalemate,
        ev.EndReached: end_reached,
        ev.GameEnded: game_ended,
    }


def hcc_command(step: Step) -> None:
    """The whole command: the VP told are the VP gained, the track ends where the state is, and each hand's size
    changes by the cards told drawn, played, discarded and summoned."""
    from tabletop.games.house_cup_challenge import events as ev

    assert hcc_track(step, len(step.events) - 1) == step.after.track
    for seat in range(len(step.names)):
        change = 0
        for e in step.events:
            if getattr(e, "seat", None) != seat:
                continue
            if isinstance(e, ev.CardsDrawn) and e.cards is not None:
                change += e.count
            elif isinstance(e, ev.CardTaken):
                change += 1
            elif isinstance(e, ev.CardPlayed | ev.CardDiscarded):
                change -= 1
        hand = len(step.after.players[seat].hand) - len(step.before.players[seat].hand)
        assert hand == change, (seat, hand, change, step.events)


# --- That's Wizard! ----------------------------------------------------------------------------------------------


def tw_levels(step: Step, index: int) -> tuple[list[int], list[int]]:
    """Every wizard's Stamina and Power once event ``index`` is done, from the state before and the events told
    since: a new duel or set starts everyone at 20 and 10, Focus brings Power back to 10."""
    from tabletop.games.thats_wizard import events as ev

    stamina = [w.stamina for w in step.before.wizards]
    power = [w.power for w in step.before.wizards]
    for event in step.events[: index + 1]:
        if isinstance(event, ev.DuelBegan):
            dueling = {seat for pair in event.pairs for seat in pair}
            for seat in dueling:
                stamina[seat], power[seat] = 20, 10
        elif isinstance(event, ev.StaminaLost):
            stamina[event.seat] = max(0, stamina[event.seat] - event.amount)
        elif isinstance(event, ev.StaminaGained):
            stamina[event.seat] += event.amount
        elif isinstance(event, ev.StaminaSwapped):
            stamina[event.seat], stamina[event.target] = stamina[event.target], stamina[event.seat]
        elif isinstance(event, ev.PowerPaid):
            power[event.seat] -= event.amount
        elif isinstance(event, ev.PowerChanged):
            power[event.seat] += event.amount
        elif isinstance(event, ev.Focused) and not event.blocked:
            power[event.seat] = 10
    return stamina, power


def tw_name(card: str) -> str:
    from tabletop.games.thats_wizard.cards import name

    return name(card)


def tw_commands() -> Any:
    from tabletop.games.thats_wizard import events

    return events


def tw_checks() -> dict[type, Check]:
    from tabletop.games.thats_wizard import events as ev
    from tabletop.games.thats_wizard.text import joined

    def levels_before(step: Step, i: int) -> tuple[list[int], list[int]]:
        return tw_levels(step, i - 1)

    def stamina_lost(step: Step, i: int, e: Any, line: str) -> None:
        was = levels_before(step, i)[0][e.seat]
        left = max(0, was - e.amount)
        assert e.stamina == left and e.amount > 0 and was > 0
        name = step.names[e.seat]
        if e.kind == "plain":
            assert line.startswith(f"{name} loses {e.amount} Stamina ") and line.endswith(f"({left} left).")
        else:
            kind = "Damage" if e.kind == "damage" else "Fatigue"
            assert line.startswith(f"{tw_name(e.source)}: {e.amount} {kind} to {name}")
            assert line.endswith(f"({left} Stamina left).")
            assert (f", {e.bonus} of it from " in line) == bool(e.bonus)

    def stamina_gained(step: Step, i: int, e: Any, line: str) -> None:
        was = levels_before(step, i)[0][e.seat]
        now = min(20, was + e.amount)
        assert e.stamina == now == was + e.amount, "a gain told is the rise of the Stamina"
        name, card = step.names[e.seat], tw_name(e.source)
        if e.amount == 0:
            assert was == 20 and line == f"{card}: {name} is already at 20 Stamina, the most a wizard may have."
        else:
            assert line == f"{card}: {name} gains {e.amount} Stamina ({now})."

    def power_paid(step: Step, i: int, e: Any, line: str) -> None:
        was = levels_before(step, i)[1][e.seat]
        left = was - e.amount
        assert e.power == left >= 0 and 0 <= e.tax <= e.amount
        name = step.names[e.seat]
        if e.tax:
            assert line == f"{name} spends {e.amount} Power, {e.tax} of it for Tongue Tie ({left} left)."
        else:
            assert line == f"{name} spends {e.amount} Power ({left} left)."

    def power_changed(step: Step, i: int, e: Any, line: str) -> None:
        was = levels_before(step, i)[1][e.seat]
        now = was + e.amount
        assert e.power == now and 0 <= now <= 10
        name, card = step.names[e.seat], tw_name(e.source)
        if e.blocked:
            assert e.amount == 0 and line == f"Imprison: {name} gains no Power from {card}."
        elif e.amount == 0:
            assert was == 10 and line == f"{card}: {name} is already at 10 Power, the most a wizard may have."
        elif e.amount < 0:
            assert line == f"{card}: {name} loses {-e.amount} Power ({now} left)."
        else:
            assert line == f"{card}: {name} gains {e.amount} Power ({now})."

    def focused(step: Step, i: int, e: Any, line: str) -> None:
        was = levels_before(step, i)[1][e.seat]
        name = step.names[e.seat]
        if e.blocked:
            assert e.power == was and line.endswith(f"{name}'s Focus gives no Power ({was}).")
        else:
            assert e.power == 10 and line == f"Focus: {name}'s Power is back to 10."

    def stamina_swapped(step: Step, i: int, e: Any, line: str) -> None:
        stamina = levels_before(step, i)[0]
        mine, theirs = stamina[e.target], stamina[e.seat]  # (each now has what the other had)
        assert e.stamina == (mine, theirs)
        a, b = step.names[e.seat], step.names[e.target]
        assert line == f"Grim Omen: {a} and {b} swap Stamina ({a} {mine}, {b} {theirs})."

    def fizzled(step: Step, i: int, e: Any, line: str) -> None:
        stamina, power = levels_before(step, i)
        target = step.names[e.target] if e.target >= 0 else "nobody"
        if e.why == "stamina":
            assert e.value == stamina[e.target] > e.limit
            assert line == f"{tw_name(e.card)}: {target} has {e.value} Stamina, more than {e.limit}; nothing happens."
        elif e.why == "power":
            assert e.value == power[e.target] > e.limit
            assert line == f"{tw_name(e.card)}: {target} has {e.value} Power, more than {e.limit}; nothing happens."
        else:
            assert line.startswith(f"{tw_name(e.card)}")

    def duel_began(step: Step, i: int, e: Any, line: str) -> None:
        assert [list(p) for p in e.pairs] == step.after.pairs and e.duel == step.after.duel
        faces = "; ".join(f"{step.names[a]} faces {step.names[b]}" for a, b in e.pairs)
        assert f": {faces}. Everyone starts at 20 Stamina and 10 Power" in line
        if not e.sudden_death:
            assert line.startswith(f"{'Duel' if len(e.pairs) == 1 else 'Set'} {step.after.duel} begins")
        if not any(isinstance(x, ev.StaminaLost | ev.PowerPaid) for x in step.later(i)):
            for a, b in e.pairs:
                assert all((step.after.wizards[s].stamina, step.after.wizards[s].power) == (20, 10) for s in (a, b))

    def duel_won(step: Step, i: int, e: Any, line: str) -> None:
        tokens = list(step.before.tokens)
        tokens[e.winner % 2] += 1
        for x in step.earlier(i):
            if isinstance(x, ev.DuelWon):
                tokens[x.winner % 2] += 1
        assert list(e.tokens) == tokens and e.winner % 2 != e.loser % 2
        if not any(isinstance(x, ev.DuelWon) for x in step.later(i)):
            assert step.after.tokens == tokens
        if e.how == "stamina":
            assert tw_levels(step, i)[0][e.loser] == 0
        how = {"stamina": "has no Stamina left", "forfeit": "forfeits", "concede": "concedes"}[e.how]
        won, lost = step.names[e.winner], step.names[e.loser]
        assert line == f"{won} wins the duel: {lost} {how}. Victory tokens: Blue {tokens[0]}, Yellow {tokens[1]}."

    def match_won(step: Step, i: int, e: Any, line: str) -> None:
        tokens = step.after.tokens
        assert list(e.tokens) == tokens and tokens[e.team] == step.after.win_target
        team = [s for s in range(len(step.names)) if s % 2 == e.team]
        assert list(e.winners) == team
        verb = "wins" if len(team) == 1 else "win"
        named = joined([step.names[s] for s in team])
        assert line == f"{named} {verb} the match, {tokens[e.team]} to {tokens[1 - e.team]}."

    def lasting_placed(step: Step, i: int, e: Any, line: str) -> None:
        noun = "lasting-effect token" if e.tokens == 1 else "lasting-effect tokens"
        owner, targets = step.names[e.owner], [step.names[seat] for seat in e.targets]
        target = targets[0] if len(targets) == 1 else f"{', '.join(targets[:-1])} and {targets[-1]}"
        assert line == f"{owner}'s {tw_name(e.card)} stays in play by {target} with {e.tokens} {noun}."
        found = [x for x in step.after.lasting if (x.owner, x.card) == (e.owner, e.card)]
        if not any(isinstance(x, ev.TokenRemoved | ev.LastingEnded) for x in step.later(i)):
            assert found and found[0].tokens == e.tokens and found[0].targets == list(e.targets)

    def token_removed(step: Step, i: int, e: Any, line: str) -> None:
        was = [x.tokens for x in step.before.lasting if (x.owner, x.card) == (e.owner, e.card)]
        placed = [
            x.tokens
            for x in step.earlier(i)
            if isinstance(x, ev.LastingPlaced) and (x.owner, x.card) == (e.owner, e.card)
        ]
        removed = [
            x for x in step.earlier(i) if isinstance(x, ev.TokenRemoved) and (x.owner, x.card) == (e.owner, e.card)
        ]
        start = placed[-1] if placed else was[0]
        if not placed:
            assert len(was) == 1
        assert e.tokens == start - 1 - len(removed) >= 0
        owner, card = step.names[e.owner], tw_name(e.card)
        if e.by == -1:
            assert line == f"{owner}'s {card} loses a token ({e.tokens} left)."
        else:
            assert line == f"{step.names[e.by]}'s Dispel removes a token from {owner}'s {card} ({e.tokens} left)."

    def lasting_ended(step: Step, i: int, e: Any, line: str) -> None:
        owner = step.names[e.owner]
        assert line.startswith(f"{owner}'s {tw_name(e.card)} leaves play and goes back to their hand.")
        if e.returned:
            verb = "goes" if len(e.returned) == 1 else "go"
            back = joined([tw_name(c) for c in e.returned])
            assert line.endswith(f" {back} {verb} back to {step.names[e.target]}'s hand.")
        if not any(isinstance(x, ev.LastingPlaced) for x in step.later(i)):
            assert not any((x.owner, x.card) == (e.owner, e.card) for x in step.after.lasting)

    def hand_seen(step: Step, i: int, e: Any, line: str) -> None:
        assert sorted(e.cards) == sorted(step.after.wizards[e.target].hand) or sorted(e.cards) == sorted(
            step.before.wizards[e.target].hand
        )
        cards = joined([tw_name(c) for c in e.cards]) if e.cards else "no card"
        assert line == f"{step.names[e.seat]} looks at {step.names[e.target]}'s hand: {cards}."

    def cards_taken(step: Step, i: int, e: Any, line: str) -> None:
        held = Counter(step.before.wizards[e.target].hand)
        assert not Counter(e.cards) - held
        cards = joined([tw_name(c) for c in e.cards]) if e.cards else "no card"
        assert line == f"Erase Memory: {step.names[e.seat]} takes {cards} from {step.names[e.target]}'s hand."

    def scry_looked(step: Step, i: int, e: Any, line: str) -> None:
        noun = "spell" if e.count == 1 else "spells"
        name = step.names[e.seat]
        if e.cards:
            assert len(e.cards) == e.count
            assert line == f"{name} looks at {e.count} {noun} of the deck: {joined([tw_name(c) for c in e.cards])}."
        else:
            assert e.to != (e.seat,) and line == f"{name} looks at {e.count} {noun} of the deck."

    def turn_order(step: Step, i: int, e: Any, line: str) -> None:
        if not e.order:
            assert line == "Turn order: nobody takes a turn."
        else:
            assert line == f"Turn order: {', '.join(step.names[s] for s in e.order)}."

    def round_began(step: Step, i: int, e: Any, line: str) -> None:
        if not any(isinstance(x, ev.RoundBegan | ev.DuelBegan) for x in step.later(i)):
            assert e.round == step.after.round
        assert line.startswith(f"Round {e.round} begins.")
        for seat in e.paralyzed:
            assert step.names[seat] in line

    def ready(step: Step, i: int, e: Any, line: str) -> None:
        name = step.names[e.seat]
        if e.to == (e.seat,) and e.card is not None:
            dial = step.command.dial  # type: ignore[attr-defined]
            assert (e.card, e.dial) == (step.command.card, dial)  # type: ignore[attr-defined]
            assert f"{tw_name(e.card)} at {dial}" in line and line.startswith(name)
        else:
            assert line in (f"{name} is ready.", f"{name} chooses to pass.")

    def dice(step: Step, i: int, e: Any, line: str) -> None:
        assert all(1 <= v <= 6 for v in e.values)
        for seat, value in zip(e.seats, e.values, strict=True):
            assert f"{step.names[seat]} {value}" in line or f"{step.names[seat]} rolls {value}" in line

    def spell_read(step: Step, i: int, e: Any, line: str) -> None:
        from tabletop.games.thats_wizard.cards import CARDS
        from tabletop.games.thats_wizard.text import TOLD_BY_RESULTS

        name, card = step.names[e.seat], tw_name(e.card)
        if e.countered:
            assert line == f"{name}'s {card} is countered: nothing happens, its Power is spent."
            return
        if e.card in ("focus", "counterspell"):
            assert line.startswith(f"{name} ")
            return
        if e.card in TOLD_BY_RESULTS:  # named only: the lines after it tell its effect, each thing told once
            assert line == f"{name} casts {card} at {e.dial}{', turned back' if e.reversed else ''}.", line
            told = [x for x in step.later(i) if getattr(x, "source", getattr(x, "card", None)) == e.card]
            told += [x for x in step.later(i) if isinstance(x, ev.StaminaSwapped) and e.card == "grim_omen"]
            waits = step.after.prompt is not None and step.after.prompt.kind == "lethal"  # (whose fall first)
            assert told or waits, f"{line} and nothing of what it did"
            return
        start = f"{name} casts {card} at {e.dial}: " if CARDS[e.card].is_spell else f"{name} casts "
        assert line.startswith(start), start
        effect = line[len(start) :]
        for target in e.targets:
            assert step.before.wizards[target].dueling
            assert step.names[target] in effect
        if not e.targets and "{target}" in CARDS[e.card].spoken_en:
            assert "nobody" in effect
        if len(e.targets) < 2:  # one wizard reached: no "each", no plural verb
            assert not re.search(r"\beach (take|of)\b|\b(take|gain) (\d|no)", effect), effect

    def countered(step: Step, i: int, e: Any, line: str) -> None:
        assert step.after.opponent(e.seat) == e.victim or step.before.opponent(e.seat) == e.victim
        shown = [p for x in step.events if isinstance(x, ev.Revealed) for p in x.plays if p.seat == e.victim]
        plays = shown or [p for p in step.before.plays if p.seat == e.victim]
        assert plays and plays[-1].card == e.card and plays[-1].legal
        assert line == f"{step.names[e.seat]}'s Counterspell stops {step.names[e.victim]}'s {tw_name(e.card)}."

    def reversed_(step: Step, i: int, e: Any, line: str) -> None:
        name, card = step.names[e.seat], tw_name(e.card)
        if e.by == "confusion":
            assert line == f"{name} is confused: their {card} turns back on them."
        else:
            assert line == f"Reflect turns {name}'s {card} back on its caster."

    def forfeited(step: Step, i: int, e: Any, line: str) -> None:
        from tabletop.games.thats_wizard.resources import FORFEIT_STAMINA

        if e.card in FORFEIT_STAMINA:
            assert tw_levels(step, i)[0][e.seat] <= FORFEIT_STAMINA[e.card]
        assert line == f"{tw_name(e.card)}: {step.names[e.seat]} forfeits the duel."
        won = [x for x in step.later(i) if isinstance(x, ev.DuelWon)]
        assert won and won[0].loser == e.seat and won[0].how == "forfeit"

    def scry_kept(step: Step, i: int, e: Any, line: str) -> None:
        name = step.names[e.seat]
        if e.to == (e.seat,):
            assert e.card == step.command.card  # type: ignore[attr-defined]
            assert e.card in step.after.wizards[e.seat].hand and step.after.wizards[e.seat].borrowed == e.card
            assert line == f"{name} keeps {tw_name(e.card)}; Scry goes into the deck for the rest of the duel."
        else:
            assert e.card is None and line.startswith(f"{name} keeps one of them; ")

    def side_board(step: Step, i: int, e: Any, line: str) -> None:
        name = step.names[e.seat]
        assert e.seat == step.command.seat  # type: ignore[attr-defined]
        if e.to == (e.seat,):
            assert tuple(e.cards) == tuple(step.command.cards)  # type: ignore[attr-defined]
            if not any(isinstance(x, ev.DuelBegan) for x in step.later(i)):
                assert sorted(step.after.wizards[e.seat].side) == sorted(e.cards)
            cards = joined([tw_name(c) for c in e.cards]) if e.cards else "no card"
            assert line == f"{name} lays {cards} face down as their side board."
        else:
            assert e.cards is None and line == f"{name} lays a side board face down."

    def conceded(step: Step, i: int, e: Any, line: str) -> None:
        assert step.command.seat == e.seat and line == f"{step.names[e.seat]} concedes the stalled duel."

    def pairing(step: Step, i: int, e: Any, line: str) -> None:
        assert [list(p) for p in e.pairs] == step.after.pairs and e.seat == step.command.seat
        faces = "; ".join(f"{step.names[a]} faces {step.names[b]}" for a, b in e.pairs)
        assert line == f"{step.names[e.seat]} pairs the sudden-death set: {faces}."

    def place_chosen(step: Step, i: int, e: Any, line: str) -> None:
        assert line.startswith(f"{step.names[e.seat]} ")
        if not e.forced and isinstance(step.command, tw_commands().TakePlace):
            assert (step.command.seat, step.command.place) == (e.seat, e.place)

    def revealed(step: Step, i: int, e: Any, line: str) -> None:
        picks = {seat: w.choice for seat, w in enumerate(step.before.wizards)}
        command = step.command
        commands = tw_commands()
        if isinstance(command, commands.Play):
            picks[command.seat] = type("Pick", (), {"card": command.card, "dial": command.dial, "passed": False})
        elif isinstance(command, commands.Pass):
            picks[command.seat] = type("Pick", (), {"card": command.card, "dial": command.dial, "passed": True})
        parts = []
        for play in e.plays:
            pick = picks[play.seat]
            if play.reason == "paralyzed":
                parts.append(f"{step.names[play.seat]} is paralyzed")
                continue
            assert pick is not None and (play.card, play.dial) == (pick.card, pick.dial)
            if pick.passed:
                assert not play.legal
            parts.append(step.names[play.seat] + (f" {tw_name(play.card)}" if play.card else " passes"))
        assert line.startswith("Revealed: ")
        rest = line
        for part in parts:  # (each play, in order, with its dial where it has one)
            assert part in rest, (part, rest)
            rest = rest[rest.index(part) + len(part) :]
        for play in e.plays:
            if play.card is not None and play.dial is not None and play.card not in ("focus", "counterspell"):
                assert f"{tw_name(play.card)} at {play.dial}" in line

    return {
        ev.Countered: countered,
        ev.Reversed: reversed_,
        ev.Forfeited: forfeited,
        ev.ScryKept: scry_kept,
        ev.SideBoardChosen: side_board,
        ev.Conceded: conceded,
        ev.PairingChosen: pairing,
        ev.PlaceChosen: place_chosen,
        ev.Revealed: revealed,
        ev.SpellRead: spell_read,
        ev.StaminaLost: stamina_lost,
        ev.StaminaGained: stamina_gained,
        ev.PowerPaid: power_paid,
        ev.PowerChanged: power_changed,
        ev.Focused: focused,
        ev.StaminaSwapped: stamina_swapped,
        ev.Fizzled: fizzled,
        ev.DuelBegan: duel_began,
        ev.DuelWon: duel_won,
        ev.MatchWon: match_won,
        ev.LastingPlaced: lasting_placed,
        ev.TokenRemoved: token_removed,
        ev.LastingEnded: lasting_ended,
        ev.HandSeen: hand_seen,
        ev.CardsTaken: cards_taken,
        ev.ScryLooked: scry_looked,
        ev.TurnOrder: turn_order,
        ev.RoundBegan: round_began,
        ev.Ready: ready,
        ev.DiceRolled: dice,
    }


def tw_command(step: Step) -> None:
    """The whole command: every wizard's Stamina and Power, counted from the state before through the events
    told, are the state after's (no change goes untold)."""
    stamina, power = tw_levels(step, len(step.events) - 1)
    assert stamina == [w.stamina for w in step.after.wizards], (stamina, step.events)
    assert power == [w.power for w in step.after.wizards], (power, step.events)


# --- each seat's secret lines and the game's progress ------------------------------------------------------------


def hc_secrets(state: Any, seat: int, lines: list[str]) -> None:
    expected = []
    if state.phase == "place" and state.held[seat]:
        expected.append("Tokens in hand: " + ", ".join(map(str, sorted(state.held[seat]))))
    down = [
        f"{token.value} on {HC_DAYS[day]}"
        for day, stack in enumerate(state.under)
        for token in stack
        if token.seat == seat and not token.revealed
    ]
    if down:
        expected.append("Face down: " + ", ".join(down))
    for task in state.tasks:
        if task.kind == "search" and task.seat == seat and task.cards:
            expected.append("Searching for Points, looks at: " + ", ".join(hc_title(c) for c in task.cards))
    assert lines == expected


def sf_secrets(state: Any, seat: int, lines: list[str]) -> None:
    def counted(cards: list[str]) -> str:
        parts = []
        for kind, noun in (("stupefix", "Stupefy card"), ("rate", "Misfire card")):
            n = cards.count(kind)
            if n:
                parts.append(f"{n} {noun}{'' if n == 1 else 's'}")
        return ", ".join(parts) or "no card"

    assert lines[0] == f"Hand: {counted(state.hands[seat])}"
    revealed = any(state.casts)
    prepared = state.prepared[seat]
    shows = any(line.startswith("Prepared: ") for line in lines)
    assert shows == (prepared is not None and not revealed)
    if prepared is not None and shows:
        assert f"Prepared: {sf_name(prepared)}" in lines
    if state.laid_down[seat]:
        assert lines[-1] == f"Laid face down: {counted(state.laid_down[seat])}"


def hcc_secrets(state: Any, seat: int, lines: list[str]) -> None:
    from tabletop.games.house_cup_challenge.cards import title

    hand = state.players[seat].hand
    assert lines == ([f"Hand: {', '.join(title(c) for c in hand)}"] if hand else ["Hand: empty"])


def tw_secrets(state: Any, seat: int, lines: list[str]) -> None:
    wizard = state.wizards[seat]
    assert lines[0] == "Hand: " + (", ".join(tw_name(c) for c in wizard.hand) or "empty")
    assert (("Side board: " + ", ".join(tw_name(c) for c in wizard.side)) in lines) == bool(wizard.side)
    book = state.books[seat]
    assert lines[-1] == "Spellbook: " + (", ".join(tw_name(c) for c in book) or "empty")


def progress_words(state: Any) -> str:
    """Where the game stands, worked out here: what the Load list and the replay's timeline say."""
    if hasattr(state, "days"):
        return "Final scoring" if state.phase in ("end", "over") else f"Round {state.round} of {state.rounds}"
    if hasattr(state, "urns"):
        return "Final scoring" if state.phase == "over" else f"Round {state.round} of 8, "
    if hasattr(state, "track"):
        return "Finished" if state.over else f"Year {state.year}, round {state.round}, Gryffindor {state.track}"
    if state.stage == "over":
        return "Match over"
    kind = "Sudden death" if state.duos and state.duel == 3 else f"{'Set' if state.duos else 'Duel'} {state.duel}"
    when = "choosing side boards" if state.stage == "sideboard" else f"round {max(1, state.round)}"
    return f"{kind}, {when} ({state.tokens[0]}-{state.tokens[1]})"


SECRETS: dict[str, Callable[[Any, int, list[str]], None]] = {
    "house-cup": hc_secrets,
    "stupefix": sf_secrets,
    "house-cup-challenge": hcc_secrets,
    "thats-wizard": tw_secrets,
}


def check_secrets_and_progress(step: Step) -> None:
    game, state = step.game, step.after
    assert game.secrets is not None
    for seat in range(len(step.names)):
        SECRETS[game.id](state, seat, game.secrets(game.view(state, seat)))
    assert game.progress(state).words().startswith(progress_words(state))


# --- the same numbers and names in French and Russian ------------------------------------------------------------


def translated_problems(step: Step, event: Event, english: str) -> list[str]:
    """The French and Russian lines of ``event`` against the English one: the same numbers (as a multiset) and
    every player named in English named there too."""
    digits = sorted(re.findall(r"\d+", english))
    named = [name for name in step.names if re.search(rf"\b{name}\b", english)]
    problems = []
    for code in ("fr", "ru"):
        i18n.set_language(code)
        try:
            line = step.game.describe(event, step.names)
        finally:
            i18n.set_language("en")
        numbers = re.findall(r"\d+", line)
        if "Nimbus Two Thousand" in english:  # (the broom's name is "Nimbus 2000" in French and Russian)
            numbers.remove("2000")
        if sorted(numbers) != digits:
            problems.append(f"{code}: numbers {line!r} against {english!r}")
        missing = [name for name in named if not re.search(rf"\b{name}\b", line)]
        if missing:
            problems.append(f"{code}: {missing} missing from {line!r}")
    return problems


# --- the referee -------------------------------------------------------------------------------------------------

Referee = tuple[Callable[[], dict[type, Check]], Callable[[Step], None]]
REFEREES: dict[str, Referee] = {
    "house-cup": (hc_checks, hc_command),
    "stupefix": (sf_checks, sf_command),
    "house-cup-challenge": (hcc_checks, hcc_command),
    "thats-wizard": (tw_checks, tw_command),
}


def referee(game_id: str) -> Counter[str]:
    """Play the game's seeded games and check every line; how many lines of each kind were checked."""
    make_checks, per_command = REFEREES[game_id]
    checks = make_checks()
    counts: Counter[str] = Counter()
    for number, step in enumerate(steps(game_id)):
        per_command(step)
        if number % 5 == 0:
            check_secrets_and_progress(step)
            counts["(secret lines, progress)"] += 1
        for index, (event, line) in enumerate(zip(step.events, step.lines, strict=True)):
            assert not plural_problems(line), (line, plural_problems(line))
            if (number + index) % 23 == 0 and line:
                assert not translated_problems(step, event, line), translated_problems(step, event, line)
                counts["(French and Russian lines)"] += 1
            check = checks.get(type(event))
            if check is not None:
                try:
                    check(step, index, event, line)
                except AssertionError as problem:
                    raise AssertionError(f"{game_id}: {type(event).__name__}: {line!r}: {problem}") from problem
                counts[type(event).__name__] += 1
    return counts


@pytest.mark.parametrize("game_id", list(REFEREES))
def test_every_line_says_what_the_command_did(game_id: str, english: None) -> None:
    counts = referee(game_id)
    CHECKED.update({(game_id, kind): n for kind, n in counts.items()})
    claimed = {kind.__name__ for kind in REFEREES[game_id][0]()}
    unmet = sorted(kind for kind in claimed if not counts[kind])
    assert not unmet, f"{game_id}: kinds claimed but never met in the games played: {unmet}"


def opening_line(game_id: str, state: Any, names: list[str], event: Event, line: str) -> None:
    """A line the log opens with (``Game.opening``), against the starting position."""
    kind = type(event).__name__
    if game_id == "house-cup" and kind == "RoundStarted":
        assert line == f"Round 1 of {state.rounds} begins; {names[state.first]} holds the Sorting Hat."
        assert state.rounds == {2: 4, 3: 3, 4: 4}[len(names)]  # (the rulebook's table of rounds)
    elif game_id == "house-cup" and kind == "Dealt":
        assert sorted(card for day in state.days for card in day) == sorted(event.cards)  # type: ignore[attr-defined]
        assert line.endswith(f"({len(state.deck)} left in the deck).")
    elif game_id == "stupefix" and kind == "RoundStarted":
        assert line == f"Round 1 of 8 begins; {names[state.chouchou]} is the Teacher's Pet."
    elif game_id == "stupefix" and kind == "RewardsRevealed":
        assert Counter([*event.rewards, "chouchou"]) == Counter(state.row)  # type: ignore[attr-defined]
        assert line.endswith(f"({len(state.deck)} left in the deck).")
    elif game_id == "house-cup-challenge" and kind == "GameStarted":
        from tabletop.games.house_cup_challenge.cards import CHARACTERS

        cast = ", ".join(f"{n} plays {CHARACTERS[p.character].name}" for n, p in zip(names, state.players, strict=True))
        hand = len(state.players[0].hand)
        assert all(len(p.hand) == hand for p in state.players)
        noun = "card" if hand == 1 else "cards"
        holds = f"{names[state.wand]} holds the Wand, {names[state.prefect]} is the Prefect"
        assert line == f"{cast}. {holds}; everyone draws {hand} {noun}."
    elif game_id == "house-cup-challenge" and kind == "CardPlaced":
        assert state.board[event.cell] == event.card  # type: ignore[attr-defined]
    elif game_id == "thats-wizard" and kind == "MatchBegan":
        target = state.win_target
        if len(names) == 2:
            assert line == f"A 1 vs 1 match: the first wizard to win {target} duels wins the match."
        else:
            assert line == f"A Duos match, 2 vs 2: the first team to {target} victory tokens wins."
    elif game_id == "thats-wizard" and kind == "DuelBegan":
        faces = "; ".join(f"{names[a]} faces {names[b]}" for a, b in state.pairs)
        assert line.startswith(f"{'Duel' if len(names) == 2 else 'Set'} 1 begins: {faces}. ")


@pytest.mark.parametrize("game_id", list(REFEREES))
def test_the_opening_lines_tell_the_starting_position(game_id: str, english: None) -> None:
    game, told = GAMES[game_id], Counter[str]()
    for players in game.player_counts:
        for seed in range(6):
            state = game.setup(players, OPTIONS[game_id](players, seed), seed)
            names = NAMES[:players]
            for event in game.opening(state):
                line = game.describe(event, names)
                assert not plural_problems(line)
                opening_line(game_id, state, names, event, line)
                told[type(event).__name__] += 1
    expected = {
        "house-cup": {"RoundStarted", "Dealt"},
        "stupefix": {"RoundStarted", "RewardsRevealed"},
        "house-cup-challenge": {"GameStarted", "CardPlaced"},
        "thats-wizard": {"MatchBegan", "DuelBegan"},
    }[game_id]
    assert expected <= set(told)


def test_a_spell_for_both_opponents_that_reaches_one_is_told_in_the_singular(english: None) -> None:
    """Conflagration, Molten Floor, Imprison and Miasma reach "your opponent and your ally's opponent"; reaching
    one wizard (1 vs 1, or the ally's duel over) their line said "Bram each take 1 Fatigue", "5 Damage to each of
    Bram", "Bram gain no Power"."""
    from tabletop.games.thats_wizard import GAME
    from tabletop.games.thats_wizard.events import SpellRead

    names = NAMES[:4]
    dials = {"molten_floor": 5, "imprison": 4, "miasma": 2}  # (Conflagration's cast names it only: its lines tell)
    one = {
        "molten_floor": "Ada casts Molten Floor at 5: for 2 rounds from next round, Bram takes 2 Damage at the end "
        "of the round.",
        "imprison": "Ada casts Imprison at 4: for 2 rounds from next round, Bram gains no Power.",
        "miasma": "Ada casts Miasma at 2: for 2 rounds from next round, Bram takes 1 Fatigue at the end of the round.",
    }
    for card, dial in dials.items():
        alone = GAME.describe(SpellRead(0, card, dial, (1,), False, False), names)
        assert alone == one[card]
        both = GAME.describe(SpellRead(0, card, dial, (1, 3), False, False), names)
        assert "Bram and Dov" in both and re.search(r"each|gain no", both), both


def test_a_spell_whose_own_lines_tell_its_effect_is_not_read_out_as_well(english: None) -> None:
    """The log read "Ada casts Explosion at 4: 5 Damage to Bram." and then "Explosion: 5 Damage to Bram (15 Stamina
    left).": one thing told twice. Shock keeps its reading: its "+1 if going first" is what the number after it
    does not say."""
    from tabletop.games.thats_wizard import GAME
    from tests.thats_wizard_positions import duel, play_round

    state = duel(["The Dark Lord", "The Boy Wizard"], [["explosion"], ["shock"]])
    events = play_round(state, {0: ("explosion", 4), 1: ("shock", 1)})
    lines = [GAME.describe(event, NAMES[:2]) for event in events if event.to is None]
    assert [line for line in lines if "Damage to Bram" in line] == ["Explosion: 5 Damage to Bram (15 Stamina left)."]
    assert "Ada casts Explosion at 4." in lines
    assert "Bram casts Shock at 1: 1 Damage to Ada, plus 1 if Bram goes first." in lines


if __name__ == "__main__":
    i18n.set_language("en")
    for game_id in REFEREES:
        for kind, n in sorted(referee(game_id).items()):
            print(f"{game_id:20} {kind:22} {n}")
