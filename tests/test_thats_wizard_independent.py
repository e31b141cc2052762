"""An independent check of That's Wizard!, written from the rulebook and its supplement alone (a differential test).

It does not use the engine's own rules modules: the card grid, the dial values and every rule below are typed in
here from the rulebook (its "Building a Spellbook", "Premade Decks" and answers) and the project supplement
(``thats-wizard-cards.md``), and
the engine is only driven through the protocol (``setup``, ``to_act``, ``legal``, ``apply``, ``result``) and read
through its state and events. Three parts are compared:

1. Spellbooks: many random books, legal and illegal, against ``check_options``; the premade decks against the
   rulebook's lists.
2. A round: who may play what (the card, its dial, its cost with Tongue Tie against the Power held and the cap of
   10), the Power paid and Counterspell's growing cost, the turn order from the dials (ties rolled off, the
   higher roller choosing), and the Stamina and Power bounds, kept as a ledger of every event.
3. The end of a duel (0 Stamina or a forfeit, at once) and of the match (2 duels in 1 vs 1, 3 in Duos, the set
   pairings and the sudden-death set).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from itertools import combinations

import pytest

from tabletop.bots import make_bot
from tabletop.core.protocol import IllegalCommand
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.thats_wizard import events as ev

GAME = GAMES["thats-wizard"]

# --- the cards, from the rulebook's premade decks and the supplement's grid (§2) and table (§3) ---------------
# id: (school, level, Duos only, allowed dials, whom it targets)
SPELLS: dict[str, tuple[str, int, bool, tuple[int, ...], str]] = {
    "stun": ("charms", 1, False, (1, 2, 3), "opponent"),
    "silence": ("charms", 2, False, (2, 3, 4), "opponent"),
    "levitate": ("charms", 3, False, (4,), "opponent"),
    "erase_memory": ("charms", 4, False, (7, 8, 9), "opponent"),
    "energize": ("charms", 1, True, (1, 2, 3), "ally"),
    "paralyze": ("curses", 1, False, (3,), "opponent"),
    "explosion": ("curses", 2, False, (3, 4, 5), "opponent"),
    "embrace_pain": ("curses", 3, False, (3, 4, 5), "self"),
    "death": ("curses", 4, False, (10,), "opponent"),
    "conflagration": ("curses", 4, True, (7, 8, 9), "both"),
    "regenerate": ("transfiguration", 1, False, (4,), "self"),
    "brittlebones": ("transfiguration", 2, False, (2, 3, 4), "opponent"),
    "polymorph": ("transfiguration", 3, False, (6,), "opponent"),
    "shrink": ("transfiguration", 4, False, (9,), "opponent"),
    "molten_floor": ("transfiguration", 3, True, (4, 5, 6), "both"),
    "reflect": ("defense", 1, False, (2,), "self"),
    "disarm": ("defense", 2, False, (2,), "opponent"),
    "dispel": ("defense", 3, False, (3, 4, 5), "opponent"),
    "invisibility": ("defense", 4, False, (5, 6, 7), "self"),
    "transference": ("defense", 1, True, (1, 2, 3), "ally"),
    "share_pain": ("hexes", 1, False, (1, 2, 3), "opponent"),
    "fear": ("hexes", 2, False, (2, 3, 4), "opponent"),
    "chaos": ("hexes", 3, False, (4, 5, 6), "opponent"),
    "mind_control": ("hexes", 4, False, (8, 9, 10), "opponent"),
    "imprison": ("hexes", 2, True, (3, 4, 5), "both"),
    "portents": ("divination", 1, False, (2, 3, 4), "self"),
    "scry": ("divination", 2, False, (2, 3, 4), "self"),
    "arithmancy": ("divination", 3, False, (3, 4, 5), "opponent"),
    "grim_omen": ("divination", 4, False, (7,), "opponent"),
    "nevermore": ("divination", 4, True, (4, 5, 6), "ally"),
    "shock": ("jinxes", 1, False, (1, 2, 3), "opponent"),
    "tongue_tie": ("jinxes", 2, False, (2, 3, 4), "opponent"),
    "ignite": ("jinxes", 3, False, (3,), "opponent"),
    "confusion": ("jinxes", 4, False, (5, 6, 7), "opponent"),
    "miasma": ("jinxes", 1, True, (1, 2, 3), "both"),
}
SPECIALS = ("focus", "counterspell")  # dial 0, not spells (rulebook, "Special Action Cards")
# The rulebook's "Premade Decks", by name.
PREMADE_NAMES = {
    "The Crone": ["Share Pain", "Fear", "Chaos", "Mind Control", "Stun", "Silence", "Reflect"],
    "The Dark Lord": ["Paralyze", "Explosion", "Embrace Pain", "Death", "Reflect", "Portents", "Share Pain"],
    "The Boy Wizard": ["Shock", "Tongue Tie", "Ignite", "Reflect", "Disarm", "Dispel", "Stun"],
    "The Prodigy": ["Regenerate", "Brittlebones", "Polymorph", "Shrink", "Paralyze", "Explosion", "Shock"],
    "The Constable": ["Share Pain", "Imprison", "Chaos", "Mind Control", "Stun", "Silence", "Levitate"],
    "The Rogue": ["Regenerate", "Brittlebones", "Molten Floor", "Shrink", "Paralyze", "Explosion", "Energize"],
    "The Sorceress": ["Paralyze", "Explosion", "Embrace Pain", "Conflagration", "Transference", "Disarm", "Dispel"],
    "The Prophet": ["Share Pain", "Fear", "Miasma", "Portents", "Scry", "Arithmancy", "Nevermore"],
}
MAX_STAMINA, MAX_POWER = 20, 10
FORFEIT_BELOW = {"death": 11, "polymorph": 8, "disarm": 5}  # forfeit at this much Stamina or less
CROSS_DUEL = ("imprison", "molten_floor", "miasma")  # stay for the ally's duel (supplement §5.12)


def card_id(name: str) -> str:
    return name.lower().replace(" ", "_")


def book_problem(book: list[str], duos: bool) -> str | None:
    """The rulebook's three rules for building a spellbook, and the supplement's "Duos spells only in Duos"."""
    if len(book) != 7:
        return "not seven spells"
    if any(card not in SPELLS for card in book):
        return "not a spell"
    if len(set(book)) != 7:
        return "a spell twice"
    slots = [(SPELLS[card][0], SPELLS[card][1]) for card in book]
    if len(set(slots)) != 7:
        return "two spells of one school and level"
    for school in {school for school, _ in slots}:
        levels = sorted(level for s, level in slots if s == school)
        if levels != list(range(1, len(levels) + 1)):
            return "levels not taken in order"
    if not duos and any(SPELLS[card][2] for card in book):
        return "a Duos spell in 1 vs 1"
    return None


def books_problem(books: list[list[str]]) -> str | None:
    players = len(books)
    if players not in (2, 4):
        return "not 2 or 4 players"
    for book in books:
        problem = book_problem(book, players == 4)
        if problem:
            return problem
    if players == 4:  # allies (seats 0 and 2, 1 and 3) build from one shared deck
        for a, b in ((0, 2), (1, 3)):
            if set(books[a]) & set(books[b]):
                return "allies share a card"
    return None


def random_books(rnd: random.Random, players: int) -> list[list[str]]:
    """Books of every kind: built legally then often broken in one way, or thrown together."""
    spells = list(SPELLS)
    books: list[list[str]] = []
    duos = players == 4 or rnd.random() < 0.2  # a 1 vs 1 book with a Duos spell now and then
    for seat in range(players):
        ally = set(books[seat - 2]) if seat >= 2 else set()  # Duos allies build from one shared deck
        if rnd.random() < 0.15:
            book = rnd.sample(spells, 7)
        else:
            book, levels, tries = [], {}, 0
            while len(book) < 7 and tries < 200:
                tries += 1
                school = rnd.choice(sorted({s for s, *_ in SPELLS.values()}))
                level = levels.get(school, 0) + 1
                options = [
                    c
                    for c, (s, lv, only_duos, *_) in SPELLS.items()
                    if s == school and lv == level and c not in book and c not in ally and (duos or not only_duos)
                ]
                if level > 4 or not options:
                    continue
                book.append(rnd.choice(options))
                levels[school] = level
        book = book or rnd.sample(spells, 7)  # (the ally took every level 1 there was)
        breaks = rnd.random() * (2 if players == 4 else 1)  # four books: break each less often
        if breaks < 0.08:
            book = book[:6]
        elif breaks < 0.14:
            book = [*book, rnd.choice(spells)]
        elif breaks < 0.2:
            book[rnd.randrange(len(book))] = rnd.choice([*SPECIALS, book[0], "wand"])
        elif breaks < 0.3:
            book[rnd.randrange(len(book))] = rnd.choice(spells)
        rnd.shuffle(book)
        books.append(book)
    if players == 4 and rnd.random() < 0.1:  # allies sharing a card
        books[2] = books[0][:1] + books[2][1:]
    return books


# --- a round and a match, as the rulebook and the supplement tell them -----------------------------------------


@dataclass
class Model:
    players: int
    stamina: list[int]
    power: list[int]
    streak: list[int]
    dueling: list[bool]
    tokens: list[int] = field(default_factory=lambda: [0, 0])
    duel: int = 1
    pairs: list[tuple[int, int]] = field(default_factory=list)
    lasting: dict[tuple[int, str], tuple[list[int], int]] = field(default_factory=dict)  # -> targets, tokens
    round_dials: dict[int, tuple[str, int]] = field(default_factory=dict)  # this round's legal plays
    match_over: bool = False

    @property
    def duos(self) -> bool:
        return self.players == 4

    def team(self, seat: int) -> int:
        return seat % 2

    def opponent(self, seat: int) -> int:
        return next(b if a == seat else a for a, b in self.pairs if seat in (a, b))

    def ally_dueling(self, seat: int) -> bool:
        return self.duos and self.dueling[(seat + 2) % 4]

    def tongue_ties(self, seat: int) -> int:
        return sum(1 for (_, card), (targets, _) in self.lasting.items() if card == "tongue_tie" and seat in targets)

    def cost(self, seat: int, card: str, dial: int) -> int:
        return dial + (2 * self.tongue_ties(seat) if card in SPELLS else 0)

    def plays(self, seat: int, hand: list[str], paralyzed: bool) -> set[tuple[str, int]]:
        """§5.2: in hand, an allowed dial, a total cost within 10 and the Power held, nothing forbidding it."""
        if paralyzed or not self.dueling[seat]:
            return set()
        found = set()
        for card in set(hand):
            if card in SPECIALS:
                found.add((card, 0))
                continue
            _school, _level, _duos, dials, target = SPELLS[card]
            if target == "ally" and not self.ally_dueling(seat):
                continue
            for dial in dials:
                if self.cost(seat, card, dial) <= min(MAX_POWER, self.power[seat]):
                    found.add((card, dial))
        return found


COUNTS: dict[str, int] = {}  # points compared, by kind (for the report)


class Mismatch(AssertionError):
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise Mismatch(message)


class Checker:
    """Follows one match through its public events, predicting each point of the three parts."""

    def __init__(self, state) -> None:
        players = state.players
        self.model = Model(players, [MAX_STAMINA] * players, [MAX_POWER] * players, [0] * players, [True] * players)
        self.model.pairs = [(0, 1)] if players == 2 else [(0, 1), (2, 3)]
        self.points = 0
        self.expect_duel_won: tuple[int, str] | None = None
        self.expect_match: int | None = None
        self.expect_forfeit: int | None = None
        self.pairing_roll: int | None = None
        self.done: set[int] = set()  # seats out of their duel this round (no more changes to them)
        self.tie_rolls: list[ev.DiceRolled] = []
        self.tie_places: list[ev.PlaceChosen] = []
        self.pays: dict[int, tuple[int, int]] = {}
        self.counter_costs: dict[int, int] = {}
        self.order: list[int] = []
        self.read = 0
        self.effect: tuple[str, int | None, int, int] | None = None  # Shock's or Stun's amounts, still to come
        self.pending: tuple[str, int, bool] | None = None  # a forfeit spell's test: card, target, forfeit?
        self.log: list = []  # the last events, told with a mismatch

    def count(self, what: str) -> None:
        self.points += 1
        COUNTS[what] = COUNTS.get(what, 0) + 1

    # -- a round's choices, compared before anyone chooses ---------------------------------------------------
    def round_start(self, state, paralyzed: tuple[int, ...]) -> None:
        m = self.model
        for seat in range(m.players):  # the ledger of events matches the table
            wizard = state.wizards[seat]
            check(
                (wizard.stamina, wizard.power) == (m.stamina[seat], m.power[seat]),
                f"seat {seat}: table {wizard.stamina}/{wizard.power}, events {m.stamina[seat]}/{m.power[seat]}",
            )
        table = {(x.owner, x.card): (sorted(x.targets), x.tokens) for x in state.lasting}
        mine = {key: (sorted(t), n) for key, (t, n) in m.lasting.items()}
        check(table == mine, f"lasting spells: table {table}, events {mine}")
        for owner, card in m.lasting:  # a finished duel's lasting spells left with it, but for those reaching the other
            check(m.dueling[owner] or card in CROSS_DUEL, f"{card} of {owner} stayed after the duel")
        expected_paralyzed = sorted(
            {seat for (_, card), (targets, _) in m.lasting.items() if card == "paralyze" for seat in targets}
            & {seat for seat in range(m.players) if m.dueling[seat]}
        )
        check(sorted(paralyzed) == expected_paralyzed, f"paralyzed {paralyzed}, expected {expected_paralyzed}")
        self.count("table")
        if state.round == 1:  # the hand: the five spells not in the side board, Focus and Counterspell
            for seat in range(m.players):
                wizard = state.wizards[seat]
                check(len(wizard.side) == 2 and set(wizard.side) <= set(state.books[seat]), f"side {wizard.side}")
                hand = sorted([*(set(state.books[seat]) - set(wizard.side)), *SPECIALS])
                check(sorted(wizard.hand) == hand, f"seat {seat}: hand {sorted(wizard.hand)}, expected {hand}")
                self.count("first hand")
        for seat in range(m.players):
            engine = {(c.card, c.dial) for c in GAME.legal(state, seat) if isinstance(c, ev.Play)}
            mine_plays = m.plays(seat, state.wizards[seat].hand, seat in paralyzed)
            check(
                engine == mine_plays,
                f"round {state.round} seat {seat} (power {m.power[seat]}, tongue ties {m.tongue_ties(seat)}, "
                f"hand {state.wizards[seat].hand}): engine only {sorted(engine - mine_plays)}, "
                f"mine only {sorted(mine_plays - engine)}",
            )
            hand = state.wizards[seat].hand
            cut = (
                m.dueling[seat]
                and seat not in paralyzed
                and any(
                    card in SPELLS and m.cost(seat, card, SPELLS[card][3][-1]) > min(MAX_POWER, m.power[seat])
                    for card in hand
                )
            )
            self.count("legal plays" + (", some dials unaffordable" if cut else ""))
            if cut and m.tongue_ties(seat):
                self.count("legal plays cut by Tongue Tie")
        self.done = set()

    # -- the events, one at a time ------------------------------------------------------------------------------
    def event(self, e) -> None:
        self.log = [*self.log[-40:], e]
        try:
            self.follow(e)
        except Mismatch as error:
            raise Mismatch(f"{error}\n" + "\n".join(map(str, self.log))) from None

    def follow(self, e) -> None:  # noqa: C901 (one branch per kind of event)
        m = self.model
        if self.expect_duel_won is not None and not isinstance(e, ev.DuelWon):
            raise Mismatch(f"seat {self.expect_duel_won[0]} is out ({self.expect_duel_won[1]}) but next came {e}")
        if self.expect_match is not None and not isinstance(e, (ev.MatchWon, ev.LastingEnded)):
            raise Mismatch(f"team {self.expect_match} has won the match but next came {e}")
        if self.expect_forfeit is not None and not isinstance(e, (ev.Forfeited, ev.StaminaGained, ev.PowerChanged)):
            raise Mismatch(f"seat {self.expect_forfeit} should forfeit but next came {e}")
        subject = getattr(e, "seat", None)
        if isinstance(e, (ev.SpellRead, ev.StaminaLost, ev.StaminaGained, ev.PowerChanged, ev.PowerPaid, ev.Focused)):
            check(subject not in self.done, f"{e} after seat {subject}'s duel ended")
            check(m.dueling[subject], f"{e} for seat {subject}, out of the duel")
        if isinstance(e, (ev.SpellRead, ev.RoundBegan, ev.DuelBegan)):  # the last spell did all it should
            effect = self.effect
            check(effect is None or effect[0] == "stun" and effect[2] == effect[3] == 0, f"not done: {effect}")
            self.effect = None
        if isinstance(e, ev.RoundBegan):
            self.tie_rolls, self.tie_places, self.order, self.read = [], [], [], 0
        elif isinstance(e, ev.Revealed):
            self.revealed(e)
        elif isinstance(e, ev.PowerPaid):
            expected = self.pays.pop(e.seat, None)
            check(expected == (e.amount, e.tax), f"{e}: expected (cost, tax) {expected}")
            check(e.power == m.power[e.seat] - e.amount >= 0, f"{e} from {m.power[e.seat]} Power")
            m.power[e.seat] = e.power
            self.count("power paid" if e.tax == 0 else "power paid with Tongue Tie")
        elif isinstance(e, ev.StaminaLost):
            if e.source in ("shock", "stun"):
                check(bool(self.effect) and self.effect[0] == e.source, f"{e}: expected {self.effect}")
                _card, target, amount, shortfall = self.effect
                expected = amount if e.source == "shock" else shortfall
                check((e.seat, e.amount - e.bonus) == (target, expected), f"{e}: expected {expected} to {target}")
                self.effect = None
                self.count(f"{e.source} damage")
            if e.source == "counterspell" and e.kind == "plain":
                check(self.counter_costs.pop(e.seat, None) == e.amount, f"{e}: expected {self.counter_costs}")
                self.count("counterspell cost" if e.amount == 1 else "counterspell cost, a streak")
            check(e.stamina == max(0, m.stamina[e.seat] - e.amount), f"{e} from {m.stamina[e.seat]} Stamina")
            m.stamina[e.seat] = e.stamina
            if e.stamina == 0:
                self.expect_duel_won = (e.seat, "stamina")
        elif isinstance(e, ev.StaminaGained):
            check(e.stamina == min(MAX_STAMINA, m.stamina[e.seat] + e.amount), f"{e} from {m.stamina[e.seat]}")
            m.stamina[e.seat] = e.stamina
        elif isinstance(e, ev.StaminaSwapped):
            a, b = e.seat, e.target
            check(tuple(e.stamina) == (m.stamina[b], m.stamina[a]), f"{e} from {m.stamina[a]}, {m.stamina[b]}")
            m.stamina[a], m.stamina[b] = e.stamina
        elif isinstance(e, ev.PowerChanged):
            if e.source == "stun":
                check(bool(self.effect) and self.effect[0] == "stun", f"{e}: expected {self.effect}")
                _card, target, drain, shortfall = self.effect
                check((e.seat, -e.amount) == (target, drain), f"{e}: expected -{drain} to {target}")
                self.count("stun drain")
                if not shortfall:
                    self.effect = None
            expected = m.power[e.seat] if e.blocked else max(0, min(MAX_POWER, m.power[e.seat] + e.amount))
            check(e.power == expected, f"{e} from {m.power[e.seat]} Power")
            m.power[e.seat] = e.power
        elif isinstance(e, ev.Focused):
            check(e.power == (m.power[e.seat] if e.blocked else MAX_POWER), f"{e} from {m.power[e.seat]}")
            m.power[e.seat] = e.power
        elif isinstance(e, ev.DiceRolled):
            if e.reason == "turn order":
                self.tie_rolls.append(e)
            elif e.reason == "pairing":
                check(self.duel_set_over() and m.tokens == [2, 2] and m.duel == 2, f"{e} at {m.tokens}")
                check(len(e.seats) == 2 and e.seats[0] % 2 != e.seats[1] % 2, f"{e}: one roller per team")
                if e.values[0] != e.values[1]:
                    self.pairing_roll = e.seats[0] if e.values[0] > e.values[1] else e.seats[1]
        elif isinstance(e, ev.PlaceChosen):
            if e.what in ("tie", "team"):
                self.tie_places.append(e)
            if e.what == "shock":  # the Shock Q&A: "you can choose to go first or go second"
                check(bool(self.effect) and self.effect[0] == "shock choice", f"{e}: no Shock waits on a choice")
                _card, target, dial, caster = self.effect
                check(e.seat == caster and e.place in (0, 1) and not e.forced, f"{e}: not the caster's choice")
                self.effect = ("shock", target, dial + (e.place == 0), 0)
                self.count("shock, first or second chosen")
        elif isinstance(e, ev.TurnOrder):
            self.turn_order(e)
        elif isinstance(e, ev.SpellRead):
            self.spell_read(e)
        elif isinstance(e, ev.Fizzled):
            if e.card in FORFEIT_BELOW or e.card == "mind_control":
                self.fizzled_or_forfeit(e.card, e.target, False)
        elif isinstance(e, ev.Forfeited):
            check(self.expect_forfeit == e.seat, f"{e}, expected no forfeit")
            self.expect_forfeit = None
            self.expect_duel_won = (e.seat, "forfeit")
        elif isinstance(e, ev.Conceded):
            self.expect_duel_won = (e.seat, "concede")
        elif isinstance(e, ev.DuelWon):
            self.duel_won(e)
        elif isinstance(e, ev.MatchWon):
            check(self.expect_match == e.team, f"{e}, expected a match won by {self.expect_match}")
            check(list(e.winners) == [s for s in range(m.players) if s % 2 == e.team], f"{e} winners")
            check(list(e.tokens) == m.tokens, f"{e} tokens, mine {m.tokens}")
            self.expect_match, m.match_over = None, True
            self.count(f"match won {m.tokens[0]}-{m.tokens[1]}")
        elif isinstance(e, ev.PairingChosen):
            check(e.seat == self.pairing_roll, f"{e}: the roll was won by {self.pairing_roll}")
            pairs = sorted(tuple(sorted(p)) for p in e.pairs)
            check(len(pairs) == 2 and all(a % 2 != b % 2 for a, b in pairs), f"{e}: not across the teams")
            m.pairs = [tuple(p) for p in e.pairs]
            self.count("pairing")
        elif isinstance(e, ev.DuelBegan):
            self.duel_began(e)
        elif isinstance(e, ev.LastingPlaced):
            m.lasting[(e.owner, e.card)] = (list(e.targets), e.tokens)
        elif isinstance(e, ev.TokenRemoved):
            targets, tokens = m.lasting[(e.owner, e.card)]
            check(e.tokens == tokens - 1, f"{e}, had {tokens}")
            m.lasting[(e.owner, e.card)] = (targets, e.tokens)
        elif isinstance(e, ev.LastingEnded):
            check((e.owner, e.card) in m.lasting, f"{e}: not in play")
            m.lasting.pop((e.owner, e.card))
        elif isinstance(e, ev.MatchDrawn):
            m.match_over = True

    def revealed(self, e: ev.Revealed) -> None:
        m = self.model
        m.round_dials, self.pays, self.counter_costs = {}, {}, {}
        for shown in e.plays:
            seat = shown.seat
            check(m.dueling[seat], f"{shown}: seat {seat} is out of the duel")
            if not shown.legal:
                m.streak[seat] = 0  # an illegal play or a pass is no play: the streak resets
                continue
            card, dial = shown.card, shown.dial
            m.round_dials[seat] = (card, dial)
            if card in SPELLS:
                self.pays[seat] = (m.cost(seat, card, dial), m.cost(seat, card, dial) - dial)  # total, Tongue Tie's
            if card == "counterspell":  # 1 + the rounds just before in which it was legally played
                self.counter_costs[seat] = 1 + m.streak[seat]
                m.streak[seat] += 1
            else:
                m.streak[seat] = 0
        for seat in range(m.players):
            if m.dueling[seat] and seat not in {shown.seat for shown in e.plays}:
                m.streak[seat] = 0  # paralyzed: no play this round

    def turn_order(self, e: ev.TurnOrder) -> None:
        """Lower dial first; equal dials between opposite sides: a die roll, rerolled while tied, and the higher
        roller chooses (a team, its block's place); within a team, the team chooses. All-Focus/Counterspell ties
        (dial 0) may go in any order."""
        m = self.model
        check(not self.pays and not self.counter_costs, f"unpaid: {self.pays} {self.counter_costs}")
        expected_seats = {seat for seat in m.round_dials if m.dueling[seat] and seat not in self.done}
        check(set(e.order) == expected_seats and len(e.order) == len(expected_seats), f"{e}: {m.round_dials}")
        dials = [m.round_dials[seat][1] for seat in e.order]
        check(dials == sorted(dials), f"{e}: dials {dials} not ascending")
        rolls, places = list(self.tie_rolls), list(self.tie_places)
        for dial in sorted(set(dials)):
            group = [seat for seat in e.order if m.round_dials[seat][1] == dial]
            if len(group) < 2 or dial == 0:
                continue
            if len(group) > 2 or len({seat % 2 for seat in group}) == 1:
                self.count(f"tie of {len(group)}, {len({seat % 2 for seat in group})} team(s)")
            if len({seat % 2 for seat in group}) == 2:
                winner = None
                while winner is None:
                    check(bool(rolls), f"{e}: no roll for the tie {group}")
                    roll = rolls.pop(0)
                    check(set(roll.seats) <= set(group), f"{roll} for the tie {group}")
                    best = max(roll.values)
                    if roll.values.count(best) == 1:
                        winner = roll.seats[roll.values.index(best)]
                check(bool(places), f"{e}: no choice after the roll won by {winner}")
                place = places.pop(0)
                check(place.what == "tie" and place.seat == winner, f"{place}: the roll was won by {winner}")
                first = group[0] % 2
                check((first == winner % 2) == (place.place == 0), f"{e}: {winner} chose {place.place} for {group}")
                blocks = [seat % 2 for seat in group]
                check(blocks == sorted(blocks, key=lambda t: t != first), f"{e}: the teams mixed in {group}")
                self.count("tie roll")
            while places and places[0].what == "team" and places[0].seat in group:
                places.pop(0)
        check(not rolls, f"{e}: rolls left over {rolls}")
        self.order = list(e.order)
        self.count("turn order")

    def spell_read(self, e: ev.SpellRead) -> None:
        m = self.model
        while self.read < len(self.order) and self.order[self.read] != e.seat:
            check(self.order[self.read] in self.done, f"{e}: seat {self.order[self.read]} skipped")
            self.read += 1
        check(self.read < len(self.order), f"{e} out of the turn order {self.order}")
        self.read += 1
        check(m.round_dials[e.seat] == (e.card, e.dial), f"{e}: revealed {m.round_dials[e.seat]}")
        self.effect = None
        if e.countered:
            return
        target = e.targets[0] if e.targets else None
        if e.card == "shock":  # P Damage, plus 1 going first: before the opponent, or by choice if they take none
            rival = e.seat if e.reversed else m.opponent(e.seat)  # turned back, "your opponent" is the caster
            if rival not in self.order:  # they take no turn: the caster chooses first (+1) or second
                self.effect = ("shock choice", target, e.dial, e.seat)
            else:
                self.effect = ("shock", target, e.dial + (self.order.index(rival) > self.order.index(e.seat)), 0)
        elif e.card == "stun":  # loses P+2 Power, down to 0; the shortfall is taken as Damage
            drain = e.dial + 2
            self.effect = ("stun", target, min(drain, m.power[target]), max(0, drain - m.power[target]))
        if e.card == "nevermore" and m.ally_dueling(e.seat):  # "Then you forfeit your duel." (with no ally left
            self.expect_forfeit = e.seat  # by its turn, an ally spell has no target and does nothing at all)
            self.count("nevermore")
        if e.card in FORFEIT_BELOW or e.card == "mind_control":
            target = e.targets[0]
            if e.card == "mind_control":
                forfeit = m.power[target] <= e.dial - 8
            else:
                forfeit = m.stamina[target] <= FORFEIT_BELOW[e.card]
            if forfeit:
                self.expect_forfeit = target
            self.pending = (e.card, target, forfeit)
            self.count(f"{e.card} test" + (" (forfeit)" if forfeit else ""))

    def fizzled_or_forfeit(self, card: str, target: int, forfeit: bool) -> None:
        check(self.pending == (card, target, forfeit), f"{card} on {target}: {self.pending}")

    def duel_set_over(self) -> bool:
        return not any(self.model.dueling)

    def duel_won(self, e: ev.DuelWon) -> None:
        m = self.model
        check(self.expect_duel_won is not None, f"{e}: nobody was out")
        loser, how = self.expect_duel_won
        self.expect_duel_won = None
        check((e.loser, e.how) == (loser, how), f"{e}: expected seat {loser} out by {how}")
        check(e.winner == m.opponent(loser), f"{e}: the opponent of {loser} is {m.opponent(loser)}")
        m.dueling[e.winner] = m.dueling[e.loser] = False
        self.done |= {e.winner, e.loser}
        m.tokens[e.winner % 2] += 1
        check(list(e.tokens) == m.tokens, f"{e}: tokens, mine {m.tokens}")
        if max(m.tokens) >= (3 if m.duos else 2):
            self.expect_match = m.tokens.index(max(m.tokens))
        self.count(f"duel won by {e.how}" + (" (Duos)" if m.duos else ""))

    def duel_began(self, e: ev.DuelBegan) -> None:
        m = self.model
        check(not m.match_over and self.duel_set_over(), f"{e} while someone duels or after the match")
        m.duel += 1
        check(e.duel == m.duel, f"{e}: expected duel {m.duel}")
        if not m.duos:
            check(list(e.pairs) == [(0, 1)] and not e.sudden_death, f"{e}")
        elif m.duel == 2:
            check(sorted(map(sorted, e.pairs)) == [[0, 3], [1, 2]] and not e.sudden_death, f"{e}: swap opponents")
        else:
            check(m.duel == 3 and e.sudden_death and [tuple(p) for p in e.pairs] == m.pairs, f"{e}")
        m.pairs = [tuple(p) for p in e.pairs]
        m.stamina, m.power = [MAX_STAMINA] * m.players, [MAX_POWER] * m.players
        m.streak, m.dueling = [0] * m.players, [True] * m.players
        m.lasting = {}
        self.count("duel began" + (" (sudden death)" if e.sudden_death else ""))


def play_match(
    players: int, bot_ids: list[str], seed: int, books: list[list[str]] | None = None, probe: bool = False
) -> int:
    """One match of bots, checked at every point; returns the number of points compared."""
    options = GAME.default_options(players)
    if books is not None:
        options = {"books": books, "book_names": ["Custom"] * players}
    state = GAME.setup(players, options, seed)
    checker = Checker(state)
    model = checker.model
    for seat in range(players):  # the side board: any two of the seven spells
        sides = {frozenset(c.cards) for c in GAME.legal(state, seat) if isinstance(c, ev.ChooseSideBoard)}
        check(sides == {frozenset(pair) for pair in combinations(state.books[seat], 2)}, f"side boards {sides}")
    bots = [make_bot(GAME, bot) for bot in bot_ids]
    rngs = [Rng(seed * 10 + seat) for seat in range(players)]
    steps = 0
    while GAME.result(state) is None:
        check(not model.match_over, "the match is won but there is no result")
        seat = GAME.to_act(state)[0]
        command = bots[seat].choose(GAME.view(state, seat), rngs[seat])
        if isinstance(command, (ev.ApplyFirst, ev.ChoosePairing)):
            checker.count(type(command).__name__)
        began = None
        for e in GAME.apply(state, command):
            if e.to is None:
                checker.event(e)
                began = e if isinstance(e, ev.RoundBegan) else began
        if began is not None and state.stage == "choose" and state.round == began.round:
            checker.round_start(state, began.paralyzed)
            if probe and GAME.to_act(state):
                checker.points += probe_illegal(state, GAME.to_act(state)[steps % len(GAME.to_act(state))], model)
        for s in range(players):
            wizard = state.wizards[s]
            check(0 <= wizard.stamina <= MAX_STAMINA and 0 <= wizard.power <= MAX_POWER, f"seat {s} out of bounds")
            check(not model.dueling[s] or model.stamina[s] > 0, f"seat {s} at 0 Stamina still dueling")
        steps += 1
        check(steps < 20000, "no end")
    result = GAME.result(state)
    check(model.match_over, f"a result {result} without the match won")
    if state.ending != "draw":
        team = model.tokens.index(max(model.tokens))
        check(list(result.winners) == [s for s in range(players) if s % 2 == team], f"{result}")
    return checker.points


def probe_illegal(state, seat: int, model: Model) -> int:
    """The rulebook's illegal play (a card without the Power for it, or a dial it cannot take) is a no-play; the
    engine takes it as a Pass that shows that card and dial, and refuses it as a Play."""
    points = 0
    hand = state.wizards[seat].hand
    mine = model.plays(seat, hand, False)
    for card in sorted(set(hand)):
        for dial in range(0, 11):  # the dial shows 0 to 10
            legal_play = (card, dial) in mine
            try:
                GAME.apply(copy.deepcopy(state), ev.Play(seat, card, dial))
                accepted = True
            except IllegalCommand:
                accepted = False
            check(accepted == legal_play, f"Play({card}, {dial}) at {model.power[seat]} Power: accepted {accepted}")
            try:
                GAME.apply(copy.deepcopy(state), ev.Pass(seat, card, dial))
                accepted = True
            except IllegalCommand:
                accepted = False
            check(accepted != legal_play, f"Pass({card}, {dial}) at {model.power[seat]} Power: accepted {accepted}")
            points += 2
    return points


# --- the tests -------------------------------------------------------------------------------------------------


def test_premade_decks_are_the_rulebooks() -> None:
    from tabletop.games.thats_wizard.cards import PREMADE

    assert {name: sorted(cards) for name, cards in PREMADE.items()} == {
        name: sorted(card_id(card) for card in cards) for name, cards in PREMADE_NAMES.items()
    }
    for name, cards in PREMADE_NAMES.items():
        duos = name in ("The Constable", "The Rogue", "The Sorceress", "The Prophet")
        assert book_problem([card_id(card) for card in cards], duos) is None, name


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_books_against_the_engine(players: int) -> None:
    rnd = random.Random(players)
    legal = 0
    for _ in range(1500):
        books = random_books(rnd, players)
        mine = books_problem(books)
        engine = GAME.check_options(players, {"books": books, "book_names": ["Custom"] * players})
        assert (mine is None) == (engine is None), (books, mine, engine)
        legal += mine is None
    assert players == 3 or legal > 100  # both kinds are met


# Spellbooks the rulebook's "Building a Spellbook" decides: (books, legal?)
RULEBOOK_BOOKS = [
    # "you must first have a level 1, 2, and 3 curse": Death with its three curses, then without the level 2
    ([["paralyze", "explosion", "embrace_pain", "death", "stun", "shock", "reflect"]] * 2, True),
    ([["paralyze", "stun", "embrace_pain", "death", "silence", "shock", "reflect"]] * 2, False),
    # "you must always begin with a level 1 spell"
    ([["silence", "stun", "shock", "reflect", "portents", "share_pain", "regenerate"]] * 2, True),
    ([["silence", "levitate", "shock", "reflect", "portents", "share_pain", "regenerate"]] * 2, False),
    # "seven spells"; Focus and Counterspell are not part of it
    ([["stun", "shock", "reflect", "portents", "share_pain", "regenerate"]] * 2, False),
    ([["stun", "shock", "reflect", "portents", "share_pain", "regenerate", "focus"]] * 2, False),
    # Duos: Conflagration excludes Death; Energize and Stun are both level 1 Charms
    (
        [
            ["paralyze", "explosion", "embrace_pain", "conflagration", "stun", "shock", "reflect"],
            ["paralyze", "explosion", "embrace_pain", "death", "stun", "shock", "reflect"],
            ["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "portents"],
            ["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "portents"],
        ],
        True,
    ),
    (
        [
            ["paralyze", "explosion", "embrace_pain", "conflagration", "death", "shock", "reflect"],
            ["paralyze", "explosion", "embrace_pain", "death", "stun", "shock", "reflect"],
            ["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "portents"],
            ["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "portents"],
        ],
        False,
    ),
    (
        [
            ["energize", "silence", "stun", "paralyze", "shock", "reflect", "portents"],
            *[["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "miasma"]] * 3,
        ],
        False,
    ),
    # a Duos spell fills its slot: Energize then Silence, in Duos only
    (
        [
            ["energize", "silence", "levitate", "paralyze", "shock", "reflect", "portents"],
            ["stun", "paralyze", "explosion", "shock", "tongue_tie", "ignite", "reflect"],
            ["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "chaos"],
            ["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "miasma"],
        ],
        True,
    ),
    ([["energize", "silence", "levitate", "paralyze", "shock", "reflect", "portents"]] * 2, False),
    # "you will not be able to have any of the same spells as your ally"; opponents may (two decks)
    (
        [
            ["stun", "silence", "levitate", "paralyze", "shock", "reflect", "portents"],
            ["stun", "silence", "levitate", "paralyze", "shock", "reflect", "portents"],
            ["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "chaos"],
            ["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "chaos"],
        ],
        True,
    ),
    (
        [
            ["stun", "silence", "levitate", "paralyze", "shock", "reflect", "portents"],
            ["stun", "silence", "levitate", "paralyze", "shock", "reflect", "portents"],
            ["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "stun"],
            ["regenerate", "brittlebones", "polymorph", "shrink", "share_pain", "fear", "miasma"],
        ],
        False,
    ),
]


@pytest.mark.parametrize(("books", "legal"), RULEBOOK_BOOKS)
def test_rulebook_books(books: list[list[str]], legal: bool) -> None:
    players = len(books)
    assert (books_problem(books) is None) == legal
    assert (GAME.check_options(players, {"books": books, "book_names": ["Custom"] * players}) is None) == legal


def legal_random_books(seed: int, players: int) -> list[list[str]]:
    rnd = random.Random(seed)
    while True:
        books = random_books(rnd, players)
        if books_problem(books) is None:
            return books


@pytest.mark.parametrize(
    ("players", "bot_ids", "seeds"),
    [
        (2, ["random", "random"], range(10)),
        (2, ["medium", "random"], range(10, 16)),
        (2, ["medium", "medium"], range(16, 22)),
        (4, ["random"] * 4, range(6)),
        (4, ["medium", "random", "medium", "random"], range(6, 12)),
    ],
)
def test_matches_follow_the_rulebook(players: int, bot_ids: list[str], seeds) -> None:
    for seed in seeds:  # the premade books, then random legal ones
        assert play_match(players, bot_ids, seed) > 50
        assert play_match(players, bot_ids, seed, books=legal_random_books(seed, players)) > 50


@pytest.mark.parametrize("players", [2, 4])
def test_illegal_plays_are_passes(players: int) -> None:
    """Every card at every dial, at the start of every round of a match: a Play exactly when it is legal."""
    assert play_match(players, ["medium"] * players, 1, books=legal_random_books(1, players), probe=True) > 1000


def test_simultaneous_falls_in_sudden_death() -> None:
    """Two wizards of opposite teams, in the two duels of the sudden-death set, fall together to their
    Counterspell's cost: the roll winner picks whose fall comes first, and that one alone decides the match."""
    for seed in range(60):
        state = GAME.setup(4, GAME.default_options(4), seed)
        bots, rngs = [make_bot(GAME, "random") for _ in range(4)], [Rng(seed + seat) for seat in range(4)]
        while GAME.result(state) is None and not (state.duel == 3 and state.stage == "choose"):
            seat = GAME.to_act(state)[0]
            GAME.apply(state, bots[seat].choose(GAME.view(state, seat), rngs[seat]))
        if GAME.result(state) is None and len(GAME.to_act(state)) == 4:
            break
    else:
        pytest.skip("no sudden death reached")
    (a, b), (c, d) = state.pairs
    falling = (a, d if d % 2 != a % 2 else c)
    for seat in falling:
        state.wizards[seat].stamina = 1
    events = []
    for seat in range(4):
        events += GAME.apply(state, ev.Play(seat, "counterspell" if seat in falling else "focus", 0))
    rolls = [e for e in events if isinstance(e, ev.DiceRolled)]
    assert rolls and sorted(rolls[-1].seats) == sorted(falling)
    chooser = rolls[-1].seats[rolls[-1].values.index(max(rolls[-1].values))]
    assert GAME.to_act(state) == (chooser,)
    first = next(seat for seat in falling if seat % 2 != chooser % 2)  # the chooser fells the other team first
    events = GAME.apply(state, ev.ApplyFirst(chooser, first))
    assert [type(e).__name__ for e in events if e.to is None][:3] == ["StaminaLost", "DuelWon", "MatchWon"]
    assert state.wizards[falling[0] if falling[1] == first else falling[1]].stamina == 1  # never applied
    assert GAME.result(state).winners == tuple(seat for seat in range(4) if seat % 2 == chooser % 2)
