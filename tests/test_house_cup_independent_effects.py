"""House Cup's order of play, token placing, IMMEDIATELY cards, Help Searching for Points and the end of each round,
written again from the rulebook and its supplement alone and compared with the engine through the protocol, at every
decision and after every command, in whole games played by bots (a differential test).

The independent referee below reads no part of ``tabletop.games.house_cup`` but the State's fields and the events:
it keeps its own table (deck, timetable, tokens, tableaux, rewards, the stack of effects being applied), says who
acts and which commands the rulebook allows, and after each command the engine's State must equal its own. Chance is
the engine's (the deck's order, the Divination's shuffle): the referee draws the cards the engine's events name,
checking they come from the top of its own deck. The cards' days and symbols come from the supplement's table
(``tests/test_house_cup_independent.py``). Run as a script for a longer comparison:
``python -m tests.test_house_cup_independent_effects GAMES_PER_SIZE [FIRST_SEED]`` (300 per size: about 40 s).
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.bots import make_bot
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tests.test_house_cup_independent import CASTLE_TYPE, DAY_OF, kind, started_sets, symbols

GAME = GAMES["house-cup"]
ROUNDS = {2: 4, 3: 3, 4: 4}  # "2 players 4 rounds, 3 players 3 rounds, 4 players 4 rounds"
SUPPLY = 46  # "46 reward tokens"
INSTANTS = ("trouble", "letter", "divination", "cauldron", "hagrid")


class Disagreement(AssertionError):
    pass


@dataclass
class Token:
    seat: int
    value: int
    revealed: bool = False


@dataclass
class Effect:
    """An effect waiting on a decision: ``kind`` trouble / letter / cauldron / search / flywheel."""

    kind: str
    seat: int
    card: str | None = None  # the IMMEDIATELY card being applied
    queue: list[int] = field(default_factory=list)  # the cauldron's seats still to decide
    looked: list[str] = field(default_factory=list)  # the search's cards


@dataclass
class Tally:
    games: int = 0
    decisions: int = 0  # decision points whose actors and legal commands were compared
    commands: int = 0  # commands after which the whole state was compared
    by_kind: Counter[str] = field(default_factory=Counter)  # decisions compared, by the referee's kind
    received: Counter[str] = field(default_factory=Counter)  # IMMEDIATELY cards received, by how
    cases: Counter[str] = field(default_factory=Counter)  # rarer cases met
    by_size: Counter[int] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        for name, value in vars(other).items():
            if isinstance(value, Counter):
                getattr(self, name).update(value)
            else:
                setattr(self, name, getattr(self, name) + value)


class Referee:
    """The table as the rulebook runs it. ``draws`` feeds the cards chance gives (from the engine's events)."""

    def __init__(self, state: Any, first: int, tally: Tally) -> None:
        self.n = state.players
        self.tally = tally
        n = self.n
        # Setup: "For a game with 2 or 3 players ... removing from the deck 7 Potions cards and 3 Exploring the
        # Castle cards" (the supplement: one castle card of each of A, B, C); the first deal is already on the table.
        box = list(state.box)
        if n in (2, 3):
            assert Counter(map(kind, box)) == {"potions": 7, "castle": 3}, box
            assert sorted(CASTLE_TYPE[c] for c in box if kind(c) == "castle") == ["A", "B", "C"]
        else:
            assert box == []
        laid = [c for day in state.days for c in day]
        assert len(laid) == (3 if n == 2 else 4), laid
        assert all(DAY_OF[c] == d for d, day in enumerate(state.days) for c in day), state.days
        assert sorted([*state.deck, *laid, *box]) == sorted(DAY_OF), "every card once"
        self.box = box
        self.deck = list(state.deck)  # the top is the end
        self.discard: list[str] = []
        self.days = [list(day) for day in state.days]
        self.under: list[list[Token]] = [[] for _ in range(5)]
        self.held = [[1, 2, 3] for _ in range(n)]
        self.tableau: list[list[str]] = [[] for _ in range(n)]
        self.rewards = [0] * n
        self.supply = SUPPLY
        self.first = first
        self.rounds = ROUNDS[n]
        self.round = 1
        self.phase = "place"
        self.deals = 1
        self.placed = 0  # tokens placed in this pass
        self.day = 0
        self.got = 0  # cards the head token of the day has taken
        self.effects: list[Effect] = []
        self.end_done: set[str] = set()
        self.flywheel_set: str | None = None
        self.draws: list[str | None] = []  # the cards the engine drew in this command, in order
        self.shuffled = False  # the deck was shuffled in this command (its order is the engine's again after it)

    # --- who acts and what they may do ----------------------------------------------------------------------

    def turn(self) -> int:
        """Placing: "starting with the first player and continuing clockwise" (the hat goes to the left: seat+1)."""
        return (self.first + self.placed) % self.n

    def head(self) -> Token | None:
        """The next token of the day: "owners of 1-tokens take cards first ... if the numbers on the tokens are
        equal, the player whose token lies higher takes cards first"."""
        column = self.under[self.day]
        return min(column, key=lambda t: t.value) if column else None

    def to_act(self) -> tuple[int, ...]:
        if self.effects:
            top = self.effects[-1]
            return (top.queue[0],) if top.kind == "cauldron" else (top.seat,)
        if self.phase == "place":
            return (self.turn(),)
        if self.phase == "take":
            head = self.head()
            assert head is not None
            return (head.seat,)
        return ()

    def options(self) -> tuple[str, set[tuple[Any, ...]]]:
        """The decision now (its kind) and every command the rulebook allows, as tuples."""
        if self.effects:
            return self.effect_options(self.effects[-1])
        if self.phase == "place":
            seat = self.turn()
            return "place", {("place", day, value) for day in range(5) for value in set(self.held[seat])}
        if self.phase == "take":  # "take any card of their choice" from the day
            return "take", {("take", card) for card in self.days[self.day]}
        return "none", set()

    def effect_options(self, effect: Effect) -> tuple[str, set[tuple[Any, ...]]]:
        mine = self.tableau[effect.seat]
        if effect.kind == "trouble":  # "discard one other card"
            return "trouble", {("discard", c) for c in mine if c != effect.card}
        if effect.kind == "letter":  # "give any card to an opponent (except a card with the letter symbol)"
            cards = {c for c in mine if "letter" not in symbols(c)}
            return "letter", {("give", c, o) for c in cards for o in range(self.n) if o != effect.seat}
        if effect.kind == "cauldron":  # "all players may discard 1 card" (the supplement: among their OTHER cards)
            seat = effect.queue[0]
            cards = {c for c in self.tableau[seat] if c != effect.card}
            return "cauldron", {("cauldron", None)} | {("cauldron", c) for c in cards}
        if effect.kind == "search":  # "keep any one of them" (the project also lets one keep none: rules v4)
            return "search", {("keep", None)} | {("keep", c) for c in effect.looked}
        if effect.kind == "flywheel":  # "may count as a card of any started set"
            return "flywheel", {("flywheel", None)} | {("flywheel", s) for s in started_sets(mine)}
        raise AssertionError(effect)

    # --- commands ------------------------------------------------------------------------------------------

    def apply(self, command: tuple[Any, ...], seat: int) -> None:
        what = command[0]
        if what == "place":  # "place it face down under a schedule card of your choice" (under the column)
            _, day, value = command
            self.held[seat].remove(value)
            self.under[day].append(Token(seat, value))
            self.placed += 1
            if self.placed == self.n:
                self.placed = 0
                self.deal()
                if self.deals == 4:  # "repeat step 1 a fourth time. The players do nothing"
                    self.phase = "take"
                    self.day = -1
                    self.next_day()
                    self.settle()
            return
        if what == "take":
            card = command[1]
            self.days[self.day].remove(card)
            self.got += 1
            self.receive(seat, card, "taken")
            self.settle()
            return
        effect = self.effects.pop()
        if what == "discard":
            self.tableau[seat].remove(command[1])
            self.discard.append(command[1])
        elif what == "give":
            _, card, to = command
            self.tableau[seat].remove(card)
            self.receive(to, card, "given")  # "apply immediately when you ... receive it from another player"
        elif what == "cauldron":
            if command[1] is not None:
                self.tableau[seat].remove(command[1])
                self.discard.append(command[1])
                self.give_rewards(seat, 1)  # "discard 1 card and receive a reward token"
            effect.queue.pop(0)
            if effect.queue:
                self.effects.append(effect)
        elif what == "keep":  # "keep any one of them (discard the rest)"
            kept = command[1]
            self.discard += [c for c in effect.looked if c != kept]
            if kept is not None:
                self.receive(seat, kept, "searched")
        elif what == "flywheel":
            self.flywheel_set = command[1]
        self.settle()

    # --- what happens by itself ------------------------------------------------------------------------------

    def give_rewards(self, seat: int, wanted: int) -> None:
        """ "Reward tokens are limited to 46 (the supply); an empty supply gives nothing" (the supplement)."""
        count = min(wanted, self.supply)
        self.supply -= count
        self.rewards[seat] += count

    def draw(self) -> str | None:
        """The top card of the deck, as the engine drew it (checked to be the top of this deck when its order is
        known, else to be in it)."""
        assert self.draws, "the referee draws a card the engine did not"
        card = self.draws.pop(0)
        if card is None:
            assert not self.deck, "the engine drew nothing from a deck with cards"
            return None
        if self.shuffled:
            assert card in self.deck, card
            self.deck.remove(card)
        else:
            assert self.deck and self.deck[-1] == card, (card, self.deck[-3:])
            self.deck.pop()
        return card

    def deal(self) -> None:
        """ "takes 4 activity cards from the top of the deck (in a 2-player game, 3 cards)" onto their days (the
        supplement: an empty deck deals nothing)."""
        for _ in range(3 if self.n == 2 else 4):
            if not self.deck:
                break
            card = self.draw()
            assert card is not None
            self.days[DAY_OF[card]].append(card)
        self.deals += 1

    def receive(self, seat: int, card: str, how: str) -> None:
        """A card comes to ``seat``; an IMMEDIATELY card acts "every time a player receives the card"."""
        self.tableau[seat].append(card)
        k = kind(card)
        if k not in INSTANTS:
            return
        self.tally.received[f"{k} {how}"] += 1
        if k == "trouble":
            self.effects.append(Effect("trouble", seat, card))
        elif k == "letter":  # "take a reward token and give any card to an opponent"
            self.give_rewards(seat, 1)
            self.effects.append(Effect("letter", seat, card))
        elif k == "hagrid":  # "take three reward tokens"
            self.give_rewards(seat, 3)
        elif k == "cauldron":  # the supplement: "every player, in turn order from the taker"
            self.effects.append(Effect("cauldron", seat, card, [(seat + i) % self.n for i in range(self.n)]))
        elif k == "divination":  # "take the top card of the deck, and shuffle this card back into the deck"
            drawn = self.draw()
            self.tableau[seat].remove(card)
            self.deck.append(card)
            self.shuffled = True
            if drawn is None:
                self.tally.cases["divination with an empty deck"] += 1
            else:
                self.receive(seat, drawn, "drawn")

    def settle(self) -> None:
        """Run what needs no decision until someone must decide (or the game is over)."""
        while True:
            if self.effects:
                top = self.effects[-1]
                _, options = self.effect_options(top)
                if top.kind in ("trouble", "letter") and len(options) <= 1:
                    # nothing to discard or give: "nothing happens" (the supplement); one choice: made for them
                    self.tally.cases[f"{top.kind} with {len(options)} choice"] += 1
                    if options:
                        self.apply(next(iter(options)), top.seat)
                        return
                    self.effects.pop()
                    continue
                if top.kind == "cauldron" and options == {("cauldron", None)}:
                    self.tally.cases["cauldron: a seat with nothing to discard"] += 1
                    top.queue.pop(0)
                    if not top.queue:
                        self.effects.pop()
                    continue
                if top.kind == "flywheel" and len(options) == 1:
                    self.effects.pop()
                    continue
                return
            if self.phase == "take":
                head = self.head()
                assert head is not None
                if self.got < head.value and self.days[self.day]:
                    return  # the head takes a card
                # "Players must take as many activity cards as their tokens show, as long as there are enough
                # cards ... If a player gets no card at all, they take 1 reward token from the supply."
                if self.got == 0:
                    self.give_rewards(head.seat, 1)
                self.under[self.day].remove(head)
                self.held[head.seat] = sorted([*self.held[head.seat], head.value])
                self.got = 0
                if not self.under[self.day]:
                    self.next_day()
                continue
            if self.phase == "end":
                if "search" not in self.end_done:
                    self.end_done.add("search")
                    owner = self.owner("help_search-1")
                    if owner is not None:
                        # "take 5 cards from the top of the deck and keep any one of them"
                        looked = [c for c in (self.draw() for _ in range(min(5, len(self.deck)))) if c]
                        if looked:
                            self.effects.append(Effect("search", owner, looked=looked))
                            if len(looked) < 5:
                                self.tally.cases["search of fewer than 5"] += 1
                        else:
                            self.tally.cases["search of an empty deck"] += 1
                    continue
                if "flywheel" not in self.end_done:
                    self.end_done.add("flywheel")
                    owner = self.owner("flywheel-1")
                    if owner is not None:
                        self.effects.append(Effect("flywheel", owner))
                    continue
                self.phase = "over"
            return

    def next_day(self) -> None:
        """ "Do the same with each schedule card in turn" (Monday to Friday); then the round ends."""
        self.day += 1
        while self.day < 5 and not self.under[self.day]:
            self.day += 1
        if self.day < 5:
            for token in self.under[self.day]:  # "turns over all the tokens ... without changing their order"
                token.revealed = True
            self.got = 0
            return
        # "the first player passes the Sorting Hat token to the player on their left. Activity cards left on the
        # schedule are not removed ... Start a new round." The game ends when every wizard was first (the table).
        self.day = 0
        if self.round == self.rounds:  # (the hat has nowhere to go after the last round: the engine keeps it)
            self.phase = "end"
            return
        self.first = (self.first + 1) % self.n
        self.round += 1
        self.phase = "place"
        self.deals = 0
        self.placed = 0
        assert all(h == [1, 2, 3] for h in self.held)
        self.deal()

    def owner(self, card: str) -> int | None:
        return next((s for s in range(self.n) if card in self.tableau[s]), None)

    # --- the comparison --------------------------------------------------------------------------------------

    def compare(self, state: Any, where: str) -> None:
        def same(name: str, mine: Any, theirs: Any) -> None:
            if mine != theirs:
                raise Disagreement(f"{where}: {name}: referee {mine}, engine {theirs}")

        same("phase", self.phase, state.phase)
        same("round", self.round, state.round)
        same("first", self.first, state.first)
        same("deck (as a set)", sorted(self.deck), sorted(state.deck))
        self.deck = list(state.deck)  # its order is the engine's shuffle
        self.shuffled = False
        same("discard", self.discard, state.discard)
        same("box", self.box, state.box)
        same("days", self.days, state.days)
        same("tokens under", self.under, [[Token(t.seat, t.value, t.revealed) for t in col] for col in state.under])
        same("tokens held", self.held, [sorted(h) for h in state.held])
        same("tableaux", self.tableau, state.tableau)
        same("rewards", self.rewards, state.rewards)
        same("supply", self.supply, state.supply)
        if self.phase == "over":
            same("flywheel set", self.flywheel_set, state.flywheel_set)
        if self.phase == "place":
            same("deals", self.deals, state.deals)


def as_tuple(command: Any) -> tuple[Any, ...]:
    name = type(command).__name__
    if name == "PlaceToken":
        return ("place", command.day, command.value)
    if name == "TakeCard":
        return ("take", command.card)
    if name == "DiscardCard":
        return ("discard", command.card)
    if name == "GiveCard":
        return ("give", command.card, command.to)
    if name == "CauldronDiscard":
        return ("cauldron", command.card)
    if name == "KeepCard":
        return ("keep", command.card)
    if name == "ChooseFlywheelSet":
        return ("flywheel", command.set)
    raise AssertionError(name)


def play_and_compare(
    players: int, seed: int, bot_ids: list[str], deck_left: int | None = None, supply: int | None = None
) -> Tally:
    """One game played by bots, the engine's actors and legal commands compared with the referee's at every decision
    and the whole table after every command. ``deck_left``/``supply``: cards moved to the box and reward tokens
    taken away at the start, so that the deck and the supply run out."""
    tally = Tally(games=1)
    tally.by_size[players] += 1
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    Rng.from_seed(seed).shuffle(houses)
    options = {"houses": houses[:players], "first": seed % players}
    state = GAME.setup(players, options, seed)
    assert state.rounds == ROUNDS[players]
    referee = Referee(state, options["first"], tally)
    where = f"{players}p seed {seed} bots {bot_ids} deck_left {deck_left} supply {supply}"
    referee.compare(state, where + " setup")
    if deck_left is not None:  # fewer cards: the deck runs out (Divination, the deals and the search meet it empty)
        # (the Divinations go too: with the deck run out during the rounds, which a real game never does, one
        # Divination would draw the other from a deck of it alone, shuffle itself back, be drawn by it... forever)
        cut = len(state.deck) - deck_left
        state.box += [c for c in state.deck[:cut] if kind(c) != "divination"]
        state.box += [c for c in state.deck if kind(c) == "divination"]
        state.deck[:] = [c for c in state.deck[cut:] if kind(c) != "divination"]
        state.box += [c for day in state.days for c in day if kind(c) == "divination"]
        state.days[:] = [[c for c in day if kind(c) != "divination"] for day in state.days]
        referee.box, referee.deck, referee.days = list(state.box), list(state.deck), [list(d) for d in state.days]
    if supply is not None:
        state.supply = referee.supply = supply
    bots = [make_bot(GAME, bot_ids[s % len(bot_ids)]) for s in range(players)]
    rng = Rng.from_seed(seed * 7919 + 23)
    steps = 0
    while GAME.result(state) is None:
        steps += 1
        here = f"{where} step {steps} round {state.round} phase {state.phase}"
        actors = GAME.to_act(state)
        if actors != referee.to_act():
            raise Disagreement(f"{here}: to act: referee {referee.to_act()}, engine {actors}")
        seat = actors[0]
        decision, mine = referee.options()
        legal = GAME.legal(state, seat)
        theirs = [as_tuple(c) for c in legal]
        if len(set(theirs)) != len(theirs) or set(theirs) != mine:
            raise Disagreement(
                f"{here}: {decision} choices of seat {seat}: only the referee's {sorted(mine - set(theirs), key=str)}"
                f", only the engine's {sorted(set(theirs) - mine, key=str)}; tableau {state.tableau[seat]}"
            )
        for other in range(players):
            if other != seat:
                assert GAME.legal(state, other) == [], f"{here}: seat {other} may move out of turn"
        tally.decisions += 1
        tally.by_kind[decision] += 1
        _count_cases(referee, decision, seat, tally)
        if state.phase in ("place", "take"):
            _check_secrecy(state, here)
        command = bots[seat].choose(GAME.view(state, seat), rng)
        events = GAME.apply(state, command)
        referee.draws = []
        for event in events:
            name = type(event).__name__
            if event.to is None and name == "TokenPlaced":  # "face down": the others do not see its number
                assert event.value is None, f"{here}: {event} told to everyone"
            if name == "SearchLooked" and not event.visible_to(event.seat):  # the searcher alone sees the cards
                assert event.cards == (), f"{here}: {event}"
                tally.cases["search told to the others without its cards"] += 1
            if name == "Dealt":
                referee.draws += list(event.cards)
            elif name == "CardDrawn":
                referee.draws.append(event.card)
            elif name == "SearchLooked" and event.cards:
                referee.draws += list(event.cards)
        # the engine's draws come in its order of telling; the referee's in the rulebook's order of doing: the deal
        # that follows a Divination in the same command is drawn after it, so draws are matched in order of time
        referee.apply(as_tuple(command), seat)
        if referee.draws:
            raise Disagreement(f"{here}: the engine drew {referee.draws} that the referee did not")
        referee.compare(state, f"{here} after {command}")
        tally.commands += 1
    assert referee.phase == "over"
    for event in events:
        if type(event).__name__ == "FlywheelChosen":
            tally.cases["flywheel chosen"] += 1
    return tally


def _check_secrecy(state: Any, here: str) -> None:
    """ "Keep your tokens in front of you, face down, so that other players cannot see which token you placed and
    which ones you still have": every seat's View shows its own tokens only, and the others' once turned over
    ("The first player turns over all the tokens under Monday" ... then each day in turn)."""
    for viewer in range(state.players):
        view = GAME.view(state, viewer)
        for d, column in enumerate(view.under):
            for token, real in zip(column, state.under[d], strict=True):
                assert token.seat == real.seat, here
                assert token.value == (real.value if real.seat == viewer or real.revealed else None), here
        if state.phase == "place":
            for seat, held in enumerate(view.held):
                assert held == (tuple(sorted(state.held[seat])) if seat == viewer else None), (here, view.held)


def _count_cases(referee: Referee, decision: str, seat: int, tally: Tally) -> None:
    """The rarer situations the comparison met (to show what it covered)."""
    mine = referee.tableau[seat]
    if decision == "letter":
        if "help_nargles-1" in mine:
            tally.cases["letter: the holder has Nargles (letter symbol: not given)"] += 1
        if any(kind(c) in ("trouble", "cauldron", "hagrid") for c in mine):
            tally.cases["letter: an IMMEDIATELY card may be given"] += 1
    elif decision == "cauldron":
        top = referee.effects[-1]
        tally.cases["cauldron: the receiver decides" if seat == top.seat else "cauldron: another seat decides"] += 1
    elif decision == "trouble" and sum(kind(c) == "trouble" for c in mine) > 1:
        tally.cases["trouble: another Trouble may be discarded"] += 1
    elif decision == "take" and referee.got > 0:
        tally.cases["take: a token's second or third card"] += 1
    elif decision == "take" and referee.effects:
        tally.cases["take: while an effect waits"] += 1


MIXES = (["random"], ["medium"], ["medium", "random"], ["random", "easy"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_effects_and_flow_agree_with_an_independent_referee(players: int) -> None:
    total = Tally()
    for seed in range(10):
        total.add(play_and_compare(players, 100 * players + seed, MIXES[seed % len(MIXES)]))
    for seed in range(4):  # a deck and a supply that run out
        total.add(play_and_compare(players, 200 * players + seed, MIXES[seed % len(MIXES)], 14 + 3 * seed, seed))
    assert total.games == 14
    # the games met every decision and every IMMEDIATELY card, also received from a Letter or a Divination
    assert set(total.by_kind) == {"place", "take", "trouble", "letter", "cauldron", "search", "flywheel"}, total
    assert {f"{k} taken" for k in INSTANTS} | {"trouble given", "trouble drawn"} <= set(total.received), total


def run(per_size: int, first: int) -> Tally:
    grand = Tally()
    for players in (2, 3, 4):
        for seed in range(first, first + per_size):
            mix = MIXES[seed % len(MIXES)]
            grand.add(play_and_compare(players, seed, mix))
            grand.add(play_and_compare(players, seed, mix, deck_left=10 + seed % 20, supply=seed % 8))
    return grand


if __name__ == "__main__":  # python -m tests.test_house_cup_independent_effects GAMES_PER_SIZE [FIRST_SEED]
    tally = run(int(sys.argv[1]) if len(sys.argv) > 1 else 20, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    for name, value in vars(tally).items():
        print(name, value)
