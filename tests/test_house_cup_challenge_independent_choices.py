"""An independent model of House Cup Challenge's smaller choices, written from the rulebook fragment (seed 002) and
the project supplement (house-cup-challenge.md) alone, without the engine's rules modules.

``ChoiceChecker`` follows a game played through the protocol and compares, both ways, what the rules let a player
choose with what ``game.legal`` offers, then the state after each choice:

- the hand limit ("After step 6, any player holding more than 8 Adventure Cards discards down to 8"): only the
  players above 8 are asked, any card of the hand may go, each discards exactly down to 8, onto the discard pile;
- the summer holidays ("every player may discard any number of Adventure Cards from hand and draw the same number
  (as far as the piles allow). Players choose and draw one at a time, clockwise from the Wand holder"): every hand
  card may be swapped, and stopping is always allowed; the cards drawn are the top of the draw pile, then of the
  discard pile reshuffled (the swapped cards included), as many as were swapped;
- the setback ("Discard 1 card of your choice from your hand, if you have any"): every hand card is offered once
  the boost cards are gone, exactly one leaves, none after Expelliarmus;
- the end-of-year feast ("every player raises one ability of their choice by 1 (maximum 10)"): the abilities below
  10 are offered, +1 whatever the Year (Neville's +2 is for Adventure Card rewards only), every player once per New
  Year, all the feasts before the holidays;
- the 2-player Wand Bonus Token ("Right after finishing one of your actions, you may flip your face-up token face
  down to take one extra action at once ... It comes back face up when you next receive the Wand"): offered after
  every whole action of its owner while face up (not after the extra action, not between a Time-Turner's two),
  used: the same player acts at once; kept: it stays up; refreshed only when the Wand comes;
- the setup options: the Prefect and the youngest player are any seat, the characters any distinct ones (dealt at
  random when not given); the Wand goes to Harry, or without Harry to the youngest; 2 players get the tokens.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.core.protocol import Command, Event, Game, IllegalCommand
from tabletop.core.rng import Rng
from tabletop.games import GAMES

HAND_LIMIT = 8
ABILITIES = ("K", "S", "H")
CHARACTERS = ("harry", "hermione", "ron", "neville")
START = {"harry": (1, 2, 2), "hermione": (3, 1, 1), "ron": (1, 3, 1), "neville": (2, 1, 2)}  # K, S, H (1.4)
YEAR_SIZES = {1: 28, 2: 20, 3: 18, 4: 17, 5: 17}  # 1.2 "Components"
SPECIALS = 16


def name(c: Any) -> str:
    return type(c).__name__


@dataclass
class ChoiceChecker:
    game: Game[Any, Any]
    state: Any
    problems: list[str] = field(default_factory=list)
    points: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        s = self.state
        self.n = s.count
        self.token = [p.wand_token for p in s.players]
        self.wand = s.wand
        # The Wand Bonus Token: the seat whose whole action is under way ("" or "bonus" action), and whether it
        # has been offered the token since.
        self.actor = -1
        self.actor_extra = ""
        self.offered = False
        self.bonus_due = -1  # the seat that used its token: its extra action must come next
        self.limit_window = False  # between the Wand passing and the next round
        self.limit_discards: Counter[int] = Counter()  # hand-limit discards by seat in this window
        self.setback: tuple[int, int] | None = None  # a failed seat owing its discard, and its hand size then
        self.hands: list[Counter[str]] = []
        self.new_years: list[dict[str, Any]] = []  # the New Years under way (feast and holiday seats)
        top = s.tasks[-1] if s.tasks else None
        if top is not None and top.kind == "action":  # setup's step 5 ran without a command: round 1 has begun
            self.actor, self.actor_extra = top.seat, top.extra

    def bad(self, what: str) -> None:
        self.problems.append(f"round {self.state.round} step {self.state.step}: {what}")

    def same(self, what: str, engine: Any, mine: Any) -> None:
        if engine != mine:
            self.bad(f"{what}: engine {engine!r}, independent {mine!r}")

    # --- the legal list, both ways ----------------------------------------------------------------------------
    def before(self, seat: int, legal: list[Command]) -> None:
        s = self.state
        task = s.tasks[-1]
        p = s.players[seat]
        got = sorted((name(c), str(getattr(c, "card", getattr(c, "ability", getattr(c, "use", ""))))) for c in legal)
        if task.kind == "limit":
            self.points["limit choices"] += 1
            if not self.limit_window:
                self.bad("a hand-limit discard asked outside the end of a round")
            if len(p.hand) <= HAND_LIMIT:
                self.bad(f"a hand-limit discard asked of {seat} holding {len(p.hand)}")
            self.same(f"hand-limit choices of {seat}", got, sorted(("Discard", c) for c in p.hand))
        elif task.kind == "holiday":
            self.points["holiday choices"] += 1
            year = self.year_for(seat, "holiday")
            mine = sorted([("Swap", c) for c in p.hand] + [("Done", "")])
            self.same(f"holiday choices of {seat}", got, mine)
            if year is not None and seat not in year["asked"]:
                year["asked"].append(seat)
                if not p.hand:
                    self.points["holidays with an empty hand"] += 1
        elif task.kind == "encounter" and task.phase == "retreat" and self.setback is not None:
            self.bad(f"{seat} asked where to retreat before the setback discard (a, then b)")
        elif task.kind == "encounter" and task.phase == "discard":
            self.points["setback discard choices"] += 1
            self.same("who discards for the setback", seat, self.setback[0] if self.setback else None)
            self.same(f"setback discard choices of {seat}", got, sorted(("Discard", c) for c in p.hand))
            if len(p.hand) >= 2:
                self.points["setback discard choices of 2+"] += 1
        elif task.kind == "feast":
            self.points["feast choices"] += 1
            mine = sorted(("Feast", a) for a in ABILITIES if p.abilities[a] < 10)
            self.same(f"feast choices of {seat} with {p.abilities}", got, mine)
            if len(mine) < 3:
                self.points["feast choices with an ability at 10"] += 1
            if p.character == "neville" and s.year >= 3:
                self.points["Neville's feasts from Year 3"] += 1
        elif task.kind == "action" and task.extra == "bonus" and not task.chosen:
            self.points["Wand Bonus actions"] += 1
            plain = copy.deepcopy(s)
            plain.tasks[-1].extra = ""
            self.same("the Wand Bonus action's choices", set(legal), set(self.game.legal(plain, seat)))
            if any(name(c) == "UseSpecial" for c in legal):
                self.points["Wand Bonus actions with a Special Card"] += 1
        elif task.kind == "token":
            self.points["token offers"] += 1
            if self.n != 2:
                self.bad(f"the Wand Bonus Token offered at {self.n} players")
            if self.token[seat] != "up":
                self.bad(f"the Wand Bonus Token offered to {seat} while {self.token[seat]!r}")
            if seat != self.actor or self.actor_extra != "":
                self.bad(f"the token offered to {seat} after an action of {self.actor} ({self.actor_extra!r})")
            if self.offered:
                self.bad(f"the token offered twice to {seat} after one action")
            left = [t.kind for t in s.tasks if t.kind in ("encounter", "who", "bonus_draw") or t.kind == "action"]
            if left:
                self.bad(f"the token offered to {seat} before the action ended: {left}")
            self.offered = True
            self.same("token choices", got, [("WandBonus", "False"), ("WandBonus", "True")])

    # --- a command and what it changed -------------------------------------------------------------------------
    def apply(self, command: Command) -> list[Event]:
        s = self.state
        before = copy.deepcopy(s)
        task = copy.copy(s.tasks[-1])  # (the flow changes the task in place)
        seat = command.seat
        events = self.game.apply(s, command)
        mine = [e for e in events if e.to is None or getattr(e, "seat", None) in e.to]
        kind = name(command)
        p0, p1 = before.players[seat], s.players[seat]
        reshuffled = any(name(e) == "Reshuffled" for e in mine)
        if task.kind == "limit":
            self.points["limit discards"] += 1
            self.check_discard(command.card, seat, "limit", before, mine, reshuffled)
            self.same(
                f"{seat}'s hand after a limit discard", Counter(p1.hand), Counter(p0.hand) - Counter([command.card])
            )
        elif task.kind == "encounter" and task.phase == "discard" and kind != "Discard":
            self.bad(f"{command} given at a setback discard ({task})")
        elif task.kind == "encounter" and task.phase == "discard":
            self.points["setback discards chosen"] += 1
            self.check_discard(command.card, seat, "setback", before, mine, reshuffled)
        elif task.kind == "holiday" and kind == "Swap":
            self.points["holiday swaps"] += 1
            self.check_discard(command.card, seat, "holiday", before, mine, reshuffled)
            self.new_years[0]["swapped"].append(command.card)
        elif task.kind == "holiday" and kind == "Done" and self.new_years:
            self.new_years[0]["finished"].append(seat)
        elif task.kind == "feast":
            self.points["feasts chosen"] += 1
            raised = [(e.seat, e.ability, e.amount, e.why) for e in mine if name(e) == "AbilityRaised"]
            self.same(f"the feast of {seat}", raised[:1], [(seat, command.ability, 1, "feast")])
            self.same(
                f"{command.ability} after the feast", p1.abilities[command.ability], p0.abilities[command.ability] + 1
            )
        elif task.kind == "token":
            self.points[f"token {'used' if command.use else 'kept'}"] += 1
            self.same("the token after the choice", p1.wand_token, "down" if command.use else "up")
            if command.use:
                self.token[seat] = "down"
                self.bonus_due = seat
        if task.kind == "holiday":
            self.check_holiday_draw(seat, command, before, mine)
        self.hands = [Counter(p.hand) for p in before.players]  # each hand as the events go by
        for e in mine:
            self.follow_hand(e)
            self.event(e, before, command)
        self.check_setback_pending()
        self.after(before)
        return events

    def check_discard(self, card: str, seat: int, why: str, before: Any, events: list[Event], moved_on: bool) -> None:
        told = [(e.seat, e.card, e.why) for e in events if name(e) == "CardDiscarded"]
        self.same(f"the {why} discard", told[:1], [(seat, card, why)])
        s = self.state
        if card in s.players[seat].hand and why != "holiday":
            self.bad(f"{card} still in {seat}'s hand after its {why} discard")
        if not moved_on and card not in s.discard:  # (a New Year's clean-up may put cards on top of it)
            self.bad(f"{card} not on the discard pile after the {why} discard")

    def check_holiday_draw(self, seat: int, command: Command, before: Any, events: list[Event]) -> None:
        drawn = [e for e in events if name(e) == "CardsDrawn" and e.why == "holiday" and e.cards is not None]
        if not drawn:
            return
        year = self.new_years[0] if self.new_years else {"swapped": []}
        swapped = year["swapped"]
        e = drawn[0]
        self.same("who draws after the holidays", e.seat, seat)
        self.same(f"holiday cards wanted by {seat}", e.wanted, len(swapped))
        # The swapped cards are on the discard pile: the piles always hold as many as were swapped.
        self.same(f"holiday cards drawn by {seat}", e.count, len(swapped))
        pile = list(before.draw)
        top = list(reversed(pile[-len(swapped) :])) if swapped else []
        from_draw = Counter(e.cards) & Counter(top)
        if len(top) < len(swapped):
            # the rest from the discard pile reshuffled: it holds the swapped cards (this command's one too)
            rest = Counter(e.cards) - Counter(top)
            pool = Counter(before.discard) + Counter([getattr(command, "card", "")])
            if from_draw != Counter(top) or rest - pool:
                self.bad(f"holiday cards {e.cards}: not the draw pile {top}, then the discard pile {sorted(pool)}")
            self.points["holiday draws reshuffled"] += 1
            if not pile and +pool == Counter(swapped):
                self.points["holiday draws of the swapped cards back"] += 1
        elif from_draw != Counter(top):
            self.bad(f"holiday cards {e.cards} are not the top of the draw pile {top}")
        hand0 = Counter(before.players[seat].hand) - Counter([getattr(command, "card", "")])
        self.same(f"{seat}'s hand after the holidays", Counter(self.state.players[seat].hand), hand0 + Counter(e.cards))
        year["drawn"].append(seat)
        year.setdefault("finished", []).append(seat)
        swapped.clear()
        self.points["holiday draws"] += 1

    # --- events ---------------------------------------------------------------------------------------------------
    def follow_hand(self, e: Event) -> None:
        kind = name(e)
        if kind == "CardsDrawn" and e.cards is not None:
            self.hands[e.seat].update(e.cards)
        elif kind in ("CardDiscarded", "CardPlayed"):
            self.hands[e.seat][e.card] -= 1
        elif kind == "CardTaken":
            self.hands[e.seat][e.card] += 1

    def check_setback_pending(self) -> None:
        """A setback with 2 or more hand cards waits for the player's choice; with 1 the card goes at once."""
        if self.setback is None:
            return
        seat, size = self.setback
        top = self.state.tasks[-1] if self.state.tasks else None
        asked = top is not None and (top.kind, top.seat, top.phase) == ("encounter", seat, "discard")
        if size >= 1 and not asked:
            self.bad(f"{seat} failed holding {size} cards, and no setback discard was made or asked")
        if size == 0:
            self.setback = None

    def event(self, e: Event, before: Any, command: Command) -> None:
        kind = name(e)
        s = self.state
        if kind == "ActionStarted":
            if e.extra == "time":
                if e.seat != self.actor:
                    self.bad(f"a Time-Turner action by {e.seat} within {self.actor}'s action")
                return
            self.close_action()
            if self.bonus_due >= 0:
                self.same("the Wand Bonus action", (e.seat, e.extra), (self.bonus_due, "bonus"))
                self.bonus_due = -1
            elif e.extra == "bonus":
                self.bad(f"a Wand Bonus action by {e.seat} without the token")
            self.actor, self.actor_extra, self.offered = e.seat, e.extra, False
        elif kind == "StepStarted":
            self.close_action()
            self.actor = -1
            if e.step == 6:
                self.limit_window = True
            if e.step == 5:
                self.close_new_years()
        elif kind == "RoundStarted":
            self.close_new_years()
            self.limit_window = False
            self.points["rounds"] += 1
            hands = [len(p.hand) for p in s.players]
            if any(h > HAND_LIMIT for h in hands):
                self.bad(f"round {e.round} began with hands of {hands}")
            # each player asked discarded exactly down to 8 (no hand changes in between but these discards)
            for o, count in self.limit_discards.items():
                self.same(f"{o}'s hand after {count} hand-limit discards", hands[o], HAND_LIMIT)
            if self.limit_discards:
                self.points["hand limits"] += 1
            self.limit_discards = Counter()
        elif kind == "GameEnded":
            self.close_action()
            self.close_new_years()
        elif kind == "CardDiscarded":
            if e.why == "limit":
                if not self.limit_window:
                    self.bad(f"a hand-limit discard by {e.seat} outside the end of a round")
                self.limit_discards[e.seat] += 1
            if e.why == "setback":
                self.points["setback discards"] += 1
                if self.setback is None or self.setback[0] != e.seat:
                    self.bad(f"a setback discard by {e.seat} without a setback ({self.setback})")
                elif not (name(command) == "Discard" and command.seat == e.seat):
                    self.same(f"cards held by {e.seat} when the setback discard was automatic", self.setback[1], 1)
                    self.points["automatic setback discards"] += 1
                self.setback = None
        elif kind == "Moved" and e.how in ("retreat", "hospital"):
            if self.setback is not None and self.setback[0] == e.seat and self.setback[1] > 0:
                self.bad(f"{e.seat} retreated before the setback discard (a, then b)")
        elif kind == "EncounterFailed":
            if self.setback is not None:
                self.bad(f"a setback of {self.setback} left without its discard")
            if e.ignored:
                self.points["setbacks ignored"] += 1
            else:
                self.setback = (e.seat, sum(self.hands[e.seat].values()))
                self.points[f"setbacks holding {min(self.setback[1], 2)}"] += 1
        elif kind == "WandPassed":
            self.same("the Wand goes to the left", e.seat, (self.wand + 1) % self.n)
            self.wand = e.seat
            self.limit_window = True
            if self.n == 2:
                self.token[e.seat] = "up"  # it comes back face up when you next receive the Wand
            self.limit_discards = Counter()
        elif kind == "TokenFlipped":
            if not (name(command) == "WandBonus" and command.use and command.seat == e.seat):
                self.bad(f"the token of {e.seat} flipped without being used")
        elif kind == "NewYear":
            if self.new_years:
                self.points["New Years at once"] += 1
            self.new_years.append(
                {
                    "year": e.year,
                    "wand": s.wand,
                    "feasts": [],
                    "holidays": [],
                    "swapped": [],
                    "drawn": [],
                    "asked": [],
                    "finished": [],
                    "abilities": None,
                }
            )
            self.points["new years"] += 1
        elif kind == "AbilityRaised" and e.why == "feast":
            self.on_feast(e, command)
        elif kind == "CardsDrawn" and e.why == "holiday" and e.cards is not None and self.new_years:
            self.new_years[0]["holidays"].append(e.seat)

    def year_for(self, seat: int, what: str) -> dict[str, Any] | None:
        """The New Year a feast or a holiday choice of ``seat`` belongs to: the first one under way, unless that
        one is done with it (the seat feasted already, or its holidays began; the seat's holidays are over)."""
        while self.new_years:
            year = self.new_years[0]
            if what == "feast":
                stale = seat in year["feasts"] or bool(year["asked"] or year["swapped"])
            else:
                stale = seat in year["finished"]
            if stale and len(self.new_years) > 1:
                self.close_year(self.new_years.pop(0))
                continue
            if stale:
                self.bad(
                    f"a {what} of {seat} after its New Year's {'holidays began' if what == 'feast' else 'holidays'}"
                )
            return year
        self.bad(f"a {what} of {seat} outside a New Year")
        return None

    def on_feast(self, e: Any, command: Command) -> None:
        year = self.year_for(e.seat, "feast")
        if year is None:
            return
        year["feasts"].append(e.seat)
        self.same(f"the feast raise of {e.seat}", e.amount, 1)
        if name(command) != "Feast" or command.seat != e.seat:
            # raised without a choice: only right when a single ability was below 10
            below = [a for a in ABILITIES if self.state.players[e.seat].abilities[a] - (a == e.ability) < 10]
            self.same(f"an automatic feast for {e.seat}", below, [e.ability])
            self.points["automatic feasts"] += 1
        self.points["feasts"] += 1

    def close_new_years(self) -> None:
        while self.new_years:
            self.close_year(self.new_years.pop(0))

    def close_year(self, year: dict[str, Any]) -> None:
        order = [(year["wand"] + k) % self.n for k in range(self.n)]
        feasts = year["feasts"]
        self.same(f"the feast order of Year {year['year']}", feasts, [o for o in order if o in feasts])
        missing = [
            o for o in order if o not in feasts and any(v < 10 for v in self.state.players[o].abilities.values())
        ]
        if missing and not self.state.over:
            self.bad(f"no feast for {missing} in the New Year of Year {year['year']}")
        self.points["feasts skipped at 10, 10, 10"] += sum(1 for o in order if o not in feasts)
        self.same(f"the holiday order of Year {year['year']}", year["drawn"], [o for o in order if o in year["drawn"]])
        self.same(
            f"the holiday choices' order of Year {year['year']}",
            year["asked"],
            [o for o in order if o in year["asked"]],
        )
        skipped = [o for o in order if o not in year["asked"] and self.state.players[o].hand]
        if skipped and not self.state.over:
            self.bad(f"no holidays for {skipped} holding cards in the New Year of Year {year['year']}")
        self.points["New Years closed"] += 1

    def close_action(self) -> None:
        """The action of ``actor`` is over: in a 2-player game its token must have been offered if it was up."""
        if self.actor < 0:
            return
        if self.n == 2 and self.actor_extra == "" and self.token[self.actor] == "up" and not self.offered:
            self.bad(f"the Wand Bonus Token of {self.actor} was not offered after its action")
        self.actor = -1

    def after(self, before: Any) -> None:
        s = self.state
        for seat, p in enumerate(s.players):
            self.same(f"the Wand Bonus Token of {seat}", p.wand_token, self.token[seat])
        if self.bonus_due >= 0:
            top = s.tasks[-1] if s.tasks else None
            if top is None or (top.kind, top.seat, top.extra) != ("action", self.bonus_due, "bonus"):
                self.bad(f"the token used by {self.bonus_due}, but no extra action now")


def force(state: Any, rng: Rng, done: set[Any]) -> None:
    """Situations the bots seldom reach, made often: abilities at 10 before a feast (one, two or all three), and
    holidays with a short draw pile (the swapped cards come back through the reshuffle) or with both piles empty
    but for the swapped cards."""
    task = state.tasks[-1]
    if task.kind == "action" and not task.chosen and rng.below(25) == 0:
        player = state.players[rng.below(state.count)]
        for ability in ABILITIES if rng.below(3) == 0 else (ABILITIES[rng.below(3)],):
            player.abilities[ability] = 10
    if task.kind == "holiday" and (state.round, state.year) not in done:
        done.add((state.round, state.year))
        way = rng.below(3)
        # the players still to choose (the others have had their holidays, or were skipped with an empty hand)
        later = [(task.seat + k) % state.count for k in range(1, state.count)]
        later = [o for o in later if (o - state.wand) % state.count > (task.seat - state.wand) % state.count]
        if way == 0 or (way == 1 and not later):  # the draw pile almost empty: the rest lies on the discard pile
            keep = rng.below(2)
            moved, state.draw[keep:] = state.draw[keep:], []
            state.discard.extend(moved)
        elif way == 1:  # both piles empty: their cards go to the hands of the players still to choose
            others = later
            for index, card in enumerate(state.draw + state.discard):
                state.players[others[index % len(others)]].hand.append(card)
            state.draw.clear()
            state.discard.clear()


def jump(state: Any, events: list[Event], rng: Rng) -> None:
    """Now and then a player who just scored scores 100-250 more (up to 499): several New Years at once."""
    scored = [e.seat for e in events if name(e) == "AdventureCompleted"]
    if scored and not state.ending and state.step in (1, 2, 3) and rng.below(20) == 0:
        gain = max(0, min(100 + rng.below(151), 499 - state.track))
        state.players[scored[-1]].vp += gain
        state.track += gain


def forced_choice(state: Any, seat: int, legal: list[Command], rng: Rng) -> Command | None:
    """At the holidays, swap most cards."""
    if state.tasks[-1].kind == "holiday":
        swaps = [c for c in legal if name(c) == "Swap"]
        if swaps and rng.below(5):
            return swaps[rng.below(len(swaps))]
    return None


def play_checked(
    game: Game[Any, Any],
    players: int,
    seed: int,
    bot_ids: list[str],
    options: dict[str, Any] | None = None,
    chooser: Callable[[Any, int, list[Command], Rng], Command | None] | None = None,
    max_commands: int = 20000,
    forced: bool = False,
) -> ChoiceChecker:
    from tabletop.bots import make_bot

    state = game.setup(players, options or game.default_options(players), seed)
    checker = ChoiceChecker(game, state)
    bots = [make_bot(game, bot_id) for bot_id in bot_ids]
    rng = Rng.from_seed(seed * 7919 + 3)
    done: set[Any] = set()
    for _ in range(max_commands):
        if game.result(state) is not None:
            break
        if forced:
            force(state, rng, done)
            chooser = forced_choice
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        legal = list(view.legal)
        checker.before(seat, legal)
        command = chooser(state, seat, legal, rng) if chooser else None
        try:
            events = checker.apply(command or bots[seat].choose(view, rng))
        except IllegalCommand as refused:
            checker.bad(f"a command offered was refused: {refused}")
            break
        if forced:
            jump(state, events, rng)
    else:
        checker.bad("the game did not end")
    return checker


GAME = GAMES["house-cup-challenge"]


# --- the setup options ------------------------------------------------------------------------------------------
def options_problem(players: int, options: dict[str, Any]) -> bool:
    """Whether the fragment's setup cannot be done with these options: "Assign one player to be the Prefect",
    "give the Wand to the youngest player" (a seat each), characters "dealt at random" (None) or given, one
    distinct character per seat among the four."""
    for key in ("prefect", "youngest"):
        value = options.get(key, 0)  # (an option left out takes its default: the first seat)
        if type(value) is not int or not 0 <= value < players:
            return True
    characters = options.get("characters")
    if characters is None:
        return False
    return (
        not isinstance(characters, list)
        or len(characters) != players
        or len(set(characters)) != players
        or any(c not in CHARACTERS for c in characters)
    )


def option_grid(players: int) -> list[dict[str, Any]]:
    seats: list[Any] = [-1, 0, players - 1, players, 4, None, "0", 1.0, True]
    casts: list[Any] = [
        None,
        list(CHARACTERS[:players]),
        list(reversed(CHARACTERS))[:players],
        list(CHARACTERS[1 : players + 1]) if players < 4 else ["neville", "ron", "hermione", "harry"],
        ["harry"] * players,
        list(CHARACTERS[: players - 1]),
        list(CHARACTERS[: players - 1]) + ["draco"],
        list(CHARACTERS),
        tuple(CHARACTERS[:players]),
        "harry",
    ]
    grid = [{"prefect": p, "youngest": y, "characters": c} for p in seats for y in seats[:4] for c in casts[:2]]
    grid += [{"prefect": 0, "youngest": 0, "characters": c} for c in casts]
    grid += [{"youngest": 0, "characters": None}, {"prefect": 0, "characters": None}, {"prefect": 0, "youngest": 0}]
    return grid


def check_setup(game: Game[Any, Any], players: int, options: dict[str, Any], seed: int) -> list[str]:
    """The table the setup lays out for these options, from the fragment and the supplement's setup additions."""
    s = game.setup(players, options, seed)
    problems: list[str] = []

    def same(what: str, engine: Any, mine: Any) -> None:
        if engine != mine:
            problems.append(f"{players}p {options} seed {seed}: {what}: engine {engine!r}, independent {mine!r}")

    chars = [p.character for p in s.players]
    if options.get("characters") is not None:
        same("characters", chars, list(options["characters"]))
    same("distinct characters", len(set(chars)), players)
    same("abilities", [tuple(p.abilities[a] for a in ABILITIES) for p in s.players], [START[c] for c in chars])
    same("cells", {p.cell for p in s.players}, {"A5"})
    same("VP", [p.vp for p in s.players], [0] * players)
    same("the Wand", s.wand, chars.index("harry") if "harry" in chars else options.get("youngest", 0))
    same("the Prefect", s.prefect, options.get("prefect", 0))
    same("Wand Bonus Tokens", [p.wand_token for p in s.players], ["up" if players == 2 else ""] * players)
    same("hands", [len(p.hand) for p in s.players], [5] * players)
    same("Special Cards held", [p.specials_up + p.specials_down for p in s.players], [[]] * players)
    same("the Special deck", len(s.special_deck), SPECIALS)
    same("the Years aside", {y: len(d) for y, d in s.year_decks.items()}, {y: YEAR_SIZES[y] for y in (2, 3, 4, 5)})
    same(
        "the Years aside hold their Year", all(c.startswith(f"Y{y}-") for y, d in s.year_decks.items() for c in d), True
    )
    year1 = [c for p in s.players for c in p.hand] + s.draw + s.discard + list(s.board.values()) + s.aside
    year1 += [t.card for t in s.tasks if t.kind == "place"]
    same("the Year 1 cards", sorted(year1), sorted(f"Y1-{k:02d}" for k in range(1, 29)))
    same("the track, Year and round", (s.track, s.year, s.round), (0, 1, 1))
    top = s.tasks[-1]
    if top.kind == "place":  # the first step 5, by the Wand holder
        same("who places the first cards", top.seat, s.wand)
    else:
        same("the board after the first step 5", len(s.board), 4)
        same("the first action", (top.kind, top.seat, top.extra), ("action", s.wand, ""))
    return problems


def _run(players: int, seeds: range, bot: str, **how: Any) -> Counter[str]:
    points: Counter[str] = Counter()
    for seed in seeds:
        checker = play_checked(GAME, players, seed, [bot] * players, **how)
        assert not checker.problems, "\n".join(checker.problems[:10])
        points += checker.points
    return points


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "medium"])
def test_the_choices_agree_with_the_independent_model(players: int, bot: str) -> None:
    """The hand limit, holidays, setback discards, feasts and (2 players) the Wand Bonus Token in bot games."""
    points = _run(players, range(3), bot)
    assert points["holiday choices"] > 5 and points["feast choices"] > 5
    assert bot == "medium" or points["limit choices"] > 20 and points["setback discard choices"] > 0
    assert players > 2 or points["token used"] > 5 and (bot == "medium" or points["token kept"] > 5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_abilities_at_10_short_piles_and_new_years_at_once(players: int) -> None:
    """Forced: feasts with abilities at 10 (one, two, three), holidays drawing the swapped cards back, several
    New Years in a row."""
    points = _run(players, range(20, 24), "random", forced=True)
    assert points["feast choices with an ability at 10"] > 0 and points["feasts skipped at 10, 10, 10"] > 0
    assert points["holiday draws reshuffled"] > 0 and points["holiday draws of the swapped cards back"] > 0
    assert points["New Years at once"] > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_setup_options_and_their_checks(players: int) -> None:
    """Every option the setup takes is accepted or refused as the model says, and a table set up with it is the
    rulebook's; characters not given are dealt at random: every deal comes up."""
    problems: list[str] = []
    for options in option_grid(players):
        refused = GAME.check_options(players, options)
        if (refused is not None) != options_problem(players, options):
            problems.append(f"{players}p {options}: the engine says {refused!r}")
        elif refused is None:
            problems += check_setup(GAME, players, options, 7)
    deals = set()
    for seed in range(150):
        options = {"prefect": seed % players, "youngest": (seed // players) % players, "characters": None}
        problems += check_setup(GAME, players, options, seed)
        deals.add(tuple(p.character for p in GAME.setup(players, options, seed).players))
    assert not problems, "\n".join(problems[:10])
    assert len(deals) == {2: 12, 3: 24, 4: 24}[players]


@pytest.mark.parametrize("players", [2, 3])
def test_games_with_a_prefect_the_youngest_and_no_harry(players: int) -> None:
    """Games from a table without Harry: the youngest player holds the Wand first; the Prefect is another seat."""
    cast = ["neville", "ron", "hermione"][:players]
    options = {"prefect": players - 1, "youngest": 1, "characters": cast}
    assert not check_setup(GAME, players, options, 5)
    _run(players, range(2), "random", options=options)
