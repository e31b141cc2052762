"""An independent check of every That's Wizard! card's effect, written from the rulebook and its supplement alone.

The second part of the differential review (the first, ``test_thats_wizard_independent.py``, checks books, a round's
payments and turn order, and the ends of duels). It does not use the engine's rules modules: each card's numbers
and effect are typed in here from the supplement's card table and effects (``thats-wizard-cards.md`` §3-§5) and the
rulebook's card answers (the rulebook wins), and the engine is driven only through the protocol and read through
its state and events.

Each card's turn (and each end-of-round effect) is a segment: from the Stamina, Power and lasting spells before
it, the model predicts every Stamina loss (its base, its Brittlebones/Fear bonus, Damage or Fatigue), gain, Power
change, swap and forfeit, with the dice, the Dispel, Erase Memory, Transference and Scry choices read from the
events, and compares them with what the engine told. Around the segments it predicts who is countered and
reversed (Counterspell, Reflect, Confusion, Invisibility), each spell's targets, the Focus refills (Levitate,
Imprison), the end-of-round effects due and their order (a block per player, the roll winner choosing), the
lasting spells placed in clean-up (tokens, targets) and their tokens, and each seat's hand and deck of spells.
"""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from dataclasses import dataclass, field

import pytest

from tabletop.bots import make_bot
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.thats_wizard import events as ev
from tests.test_thats_wizard_independent import SPELLS, legal_random_books

GAME = GAMES["thats-wizard"]
SPECIALS = ("focus", "counterspell")
MAX_ST, MAX_PW = 20, 10
CROSS_DUEL = ("imprison", "molten_floor", "miasma")  # stay for the ally's duel (rulebook's Duos "Winning")
# Lasting spells: the tokens placed in clean-up (supplement §3 "Lasts"), from the dial P.
LASTS = {
    "silence": lambda p: p,
    "levitate": lambda p: 1,
    "erase_memory": lambda p: p - 6,
    "paralyze": lambda p: 1,
    "embrace_pain": lambda p: p - 1,
    "regenerate": lambda p: 1,
    "brittlebones": lambda p: p,
    "molten_floor": lambda p: p - 3,
    "invisibility": lambda p: p - 3,
    "fear": lambda p: p,
    "imprison": lambda p: p - 2,
    "portents": lambda p: p,
    "tongue_tie": lambda p: p - 1,
    "ignite": lambda p: 1,
    "confusion": lambda p: p - 3,
    "miasma": lambda p: p,
}
EOR_CARDS = ("levitate", "ignite", "regenerate", "portents", "miasma", "molten_floor")  # act at step 6
FORFEIT_BELOW = {"death": 11, "polymorph": 8, "disarm": 5}
COUNTS: Counter[str] = Counter()


class Mismatch(AssertionError):
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise Mismatch(message)


@dataclass
class Lasting:
    owner: int
    card: str
    targets: list[int]
    tokens: int
    under: list[str] = field(default_factory=list)


class Fell(Exception):
    """A seat reached 0 Stamina: the rest of its duel's amounts are not applied."""


class Sim:
    """The amounts of one segment, worked out on copies of Stamina and Power (supplement §5.8, §5.10)."""

    def __init__(self, c: Checker, seg: dict) -> None:
        self.c, self.st, self.pw, self.lasting = c, list(seg["st"]), list(seg["pw"]), seg["lasting"]
        self.dueling = seg["dueling"]
        self.out: list[tuple] = []
        self.fallen: set[int] = set()

    def copies(self, card: str, seat: int) -> int:
        return sum(1 for x in self.lasting if x.card == card and seat in x.targets and x.tokens > 0)

    def alive(self, seat: int) -> bool:
        return self.dueling[seat] and not ({seat, self.c.opponent(seat)} & self.fallen)

    def hit(self, seat: int, base: int, kind: str, source: str) -> None:
        """One Damage or Fatigue instance (0 is none); Brittlebones/Fear add 2 each; Embrace Pain gives Power."""
        if base <= 0 or not self.alive(seat):
            return
        bonus = 2 * self.copies("brittlebones" if kind == "damage" else "fear", seat)
        lost = min(self.st[seat], base + bonus)
        self.st[seat] -= lost
        self.out.append(("lost", seat, base, bonus, kind, source))
        if self.st[seat] == 0:
            self.fallen.add(seat)
            raise Fell
        if self.copies("embrace_pain", seat):
            self.power(seat, lost, "embrace_pain")

    def plain(self, seat: int, amount: int, source: str) -> None:
        self.st[seat] = max(0, self.st[seat] - amount)
        self.out.append(("lost", seat, amount, 0, "plain", source))

    def gain(self, seat: int, amount: int, source: str) -> None:
        if self.alive(seat):
            self.st[seat] = min(MAX_ST, self.st[seat] + amount)
            self.out.append(("gain", seat, source, self.st[seat]))

    def power(self, seat: int, amount: int, source: str) -> None:
        """A Power gain (Imprison blocks it: supplement, Imprison) or a loss."""
        if not self.alive(seat) or amount == 0:
            return
        blocked = amount > 0 and self.copies("imprison", seat) > 0
        if not blocked:
            before = self.pw[seat]
            self.pw[seat] = max(0, min(MAX_PW, self.pw[seat] + amount))
            if self.pw[seat] == before:  # nothing changed (at the cap): nothing to tell
                return
        self.out.append(("power", seat, source, blocked, self.pw[seat]))


class Checker:
    def __init__(self, state) -> None:
        n = self.players = state.players
        self.state = state
        self.st, self.pw = [MAX_ST] * n, [MAX_PW] * n
        self.dueling = [True] * n
        self.pairs: list[tuple[int, int]] = [(0, 1)] if n == 2 else [(0, 1), (2, 3)]
        self.lasting: list[Lasting] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.library: list[list[str]] = []
        self.plays: dict[int, tuple[str, int]] = {}  # this round's legal plays
        self.countered: set[int] = set()
        self.reversed: set[int] = set()
        self.order: list[int] = []
        self.read: dict[int, ev.SpellRead] = {}
        self.seg: dict | None = None
        self.eor = False
        self.eor_due: set[tuple[int, str]] = set()
        self.eor_blocks: list[int] = []
        self.eor_rolls: list[ev.DiceRolled] = []
        self.eor_places: list[ev.PlaceChosen] = []
        self.duel_ended_now = False
        self.cleanup_from: list[Lasting] | None = None
        self.placed: list[ev.LastingPlaced] = []
        self.removed: Counter = Counter()
        self.log: list = []
        self.lethal_rolls = 0

    # -- helpers -------------------------------------------------------------------------------------------------
    def opponent(self, seat: int) -> int:
        return next(b if a == seat else a for a, b in self.pairs if seat in (a, b))

    def ally(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    def active(self, card: str, seat: int) -> int:
        return sum(1 for x in self.lasting if x.card == card and seat in x.targets and x.tokens > 0)

    def fresh_library(self, deck: int) -> list[str]:
        """Supplement §1: the deck's spells in no spellbook of that deck (no Duos spells in 1 vs 1)."""
        books = self.state.books
        seats = [deck] if self.players == 2 else [deck, deck + 2]
        used = {card for seat in seats for card in books[seat]}
        return sorted(c for c in SPELLS if c not in used and (self.players == 4 or not SPELLS[c][2]))

    # -- events ------------------------------------------------------------------------------------------------
    def event(self, e) -> None:
        self.log = [*self.log[-50:], e]
        try:
            self.follow(e)
        except Mismatch as error:
            raise Mismatch(f"{error}\n" + "\n".join(map(str, self.log))) from None

    def follow(self, e) -> None:  # noqa: C901
        if e.to is not None:  # private events: only the Erase Memory and Scry facts told to their caster
            if isinstance(e, (ev.HandSeen, ev.ScryLooked, ev.ScryKept)) and e.to == (e.seat,) and self.seg:
                self.seg["inputs"].append(e)
            return
        boundary = isinstance(e, (ev.SpellRead, ev.RoundBegan, ev.DuelBegan, ev.MatchWon, ev.LastingPlaced)) or (
            isinstance(e, ev.TokenRemoved) and e.by < 0
        )
        eor = self.starts_eor(e)
        if boundary or eor:
            self.close()
        if eor == "group":
            self.open_eor(e)
        elif eor:
            self.eor_mode()
        if isinstance(e, ev.RoundBegan):
            self.round_began(e)
        elif isinstance(e, ev.DuelBegan):
            self.duel_began(e)
        elif isinstance(e, ev.Revealed):
            self.revealed(e)
        elif isinstance(e, ev.TurnOrder):
            self.order = list(e.order)
        elif isinstance(e, ev.Reversed):
            check(e.seat in self.reversed, f"{e}: not reversed by my reading")
            by = {"reflect"} if not self.active("confusion", e.seat) else {"confusion", "reflect"}
            check(e.by in by, f"{e}: expected by {by}")
        elif isinstance(e, ev.Countered):
            check(e.victim in self.countered, f"{e}: not countered by my reading")
        elif isinstance(e, ev.SpellRead):
            self.spell_read(e)
        elif isinstance(e, ev.DiceRolled):
            if e.reason == "end of round":
                self.eor_rolls.append(e)
            elif self.seg is not None:
                self.seg["inputs"].append(e)
        elif isinstance(e, ev.PlaceChosen) and e.what == "eor_place":
            self.eor_places.append(e)
        elif isinstance(e, ev.PlaceChosen) and e.what == "shock" and self.seg is not None:
            self.seg["inputs"].append(e)  # the caster's choice when the opponent takes no turn
        elif isinstance(e, (ev.CardsTaken, ev.TokenRemoved, ev.Fizzled)) and self.seg is not None and e_by(e) >= 0:
            self.seg["inputs"].append(e)
        self.ledger(e)
        if self.seg is not None and isinstance(
            e, (ev.StaminaLost, ev.StaminaGained, ev.PowerChanged, ev.StaminaSwapped, ev.Forfeited, ev.Focused)
        ):
            self.seg["seen"].append(observed(e))
        if isinstance(e, ev.DuelWon):
            self.dueling[e.winner] = self.dueling[e.loser] = False
            self.duel_ended_now = True
            if self.seg is not None:
                self.seg["ended"] |= {e.winner, e.loser}
                self.seg["match over"] = max(e.tokens) >= (2 if self.players == 2 else 3)
        if isinstance(e, (ev.LastingPlaced, ev.TokenRemoved, ev.LastingEnded)):
            self.lasting_event(e)

    def ledger(self, e) -> None:
        if isinstance(e, ev.PowerPaid):
            self.pw[e.seat] = e.power
        elif isinstance(e, ev.StaminaLost):
            check(e.stamina == max(0, self.st[e.seat] - e.amount), f"{e} from {self.st[e.seat]}")
            self.st[e.seat] = e.stamina
        elif isinstance(e, ev.StaminaGained):
            check(e.stamina == min(MAX_ST, self.st[e.seat] + e.amount), f"{e} from {self.st[e.seat]}")
            self.st[e.seat] = e.stamina
        elif isinstance(e, ev.StaminaSwapped):
            self.st[e.seat], self.st[e.target] = e.stamina
        elif isinstance(e, (ev.PowerChanged, ev.Focused)):
            self.pw[e.seat] = e.power

    def starts_eor(self, e) -> str:
        """The first event of step 6 (end of round): "mode"; a new end-of-round effect within it: "group"."""
        if isinstance(e, ev.Focused) or (isinstance(e, ev.DiceRolled) and e.reason == "portents"):
            return "group"
        if (isinstance(e, ev.DiceRolled) and e.reason == "end of round") or (
            isinstance(e, ev.PlaceChosen) and e.what == "eor_place"
        ):
            return "mode"
        source = getattr(e, "source", None)
        if not isinstance(e, (ev.StaminaLost, ev.StaminaGained, ev.PowerChanged)) or source not in EOR_CARDS:
            return ""
        seg = self.seg
        own_turn = seg is not None and seg["kind"] == "turn" and seg["read"].card == source == "regenerate"
        if own_turn and seg["read"].seat == e.by and not any(s[:3:2] == ("gain", "regenerate") for s in seg["seen"]):
            return ""  # the heal of its own turn
        if seg is not None and seg["kind"] == "eor" and seg["key"] == (e.by, source):
            return ""
        return "group"

    # -- a round ---------------------------------------------------------------------------------------------------
    def round_began(self, e: ev.RoundBegan) -> None:
        self.end_of_round_checks()
        s = self.state
        if e.round == 1:
            for seat in range(self.players):
                self.hands[seat] = sorted([*(set(s.books[seat]) - set(s.wizards[seat].side)), *SPECIALS])
            self.library = [self.fresh_library(d) for d in range(len(s.library))]
        self.plays, self.countered, self.reversed, self.order, self.read = {}, set(), set(), [], {}
        self.eor, self.eor_due, self.eor_blocks, self.eor_rolls, self.eor_places = False, set(), [], [], []
        self.duel_ended_now, self.cleanup_from, self.placed, self.removed = False, None, [], Counter()

    def compare_table(self) -> None:
        """At the start of a round's choices: the hands, the decks of spells, the lasting spells, Stamina, Power."""
        s = self.state
        for seat in range(self.players):
            if self.dueling[seat]:
                check(
                    sorted(s.wizards[seat].hand) == sorted(self.hands[seat]),
                    f"seat {seat} hand: table {sorted(s.wizards[seat].hand)}, mine {sorted(self.hands[seat])}",
                )
                COUNTS["hands"] += 1
        for deck in range(len(s.library)):
            away = [w for seat, w in enumerate(s.wizards) if (seat % len(s.library)) == deck and w.scry_away]
            table = sorted([*s.library[deck], *["scry" for _ in away]])
            check(table == sorted(self.library[deck]), f"deck {deck}: table {table}, mine {sorted(self.library[deck])}")
            COUNTS["decks"] += 1
        table = sorted((x.owner, x.card, sorted(x.targets), x.tokens, sorted(x.under)) for x in s.lasting)
        mine = sorted((x.owner, x.card, sorted(x.targets), x.tokens, sorted(x.under)) for x in self.lasting)
        check(table == mine, f"lasting: table {table}, mine {mine}")
        for seat in range(self.players):
            check((s.wizards[seat].stamina, s.wizards[seat].power) == (self.st[seat], self.pw[seat]), f"seat {seat}")

    def duel_began(self, e: ev.DuelBegan) -> None:
        self.plays, self.read, self.placed = {}, {}, []  # the round cut short: no clean-up
        self.pairs = [tuple(p) for p in e.pairs]
        n = self.players
        self.st, self.pw, self.dueling, self.lasting = [MAX_ST] * n, [MAX_PW] * n, [True] * n, []
        self.cleanup_from, self.eor = None, False

    def revealed(self, e: ev.Revealed) -> None:
        self.plays = {p.seat: (p.card, p.dial) for p in e.plays if p.legal}
        for seat, (card, _dial) in self.plays.items():
            check(card in self.hands[seat], f"seat {seat} played {card}, not in {self.hands[seat]}")
            self.hands[seat].remove(card)  # on the table until clean-up
        # §5.5: Counterspell counters the opponent's spell unless that opponent is invisible.
        invisible = {seat for seat in range(self.players) if self.active("invisibility", seat)}
        for seat, (card, _dial) in self.plays.items():
            rival = self.opponent(seat)
            if card in SPELLS and self.plays.get(rival, ("", 0))[0] == "counterspell" and seat not in invisible:
                self.countered.add(seat)
        # §5.6: a spell on an opponent (or both) is reversed if its caster is not invisible, and is confused or
        # a player it targets has a legal, uncountered Reflect.
        reflecting = {s for s, (card, _d) in self.plays.items() if card == "reflect" and s not in self.countered}
        for seat, (card, _dial) in self.plays.items():
            if card not in SPELLS or SPELLS[card][4] not in ("opponent", "both") or seat in invisible:
                continue
            targets = self.targets(seat, card, False)
            if seat in self.countered:  # a countered spell does nothing: the engine does not call it reversed
                continue
            if self.active("confusion", seat) or reflecting & set(targets):
                self.reversed.add(seat)
                COUNTS["reversed " + ("by confusion" if self.active("confusion", seat) else "by reflect")] += 1
        COUNTS["countered"] += len(self.countered)

    def targets(self, seat: int, card: str, reversed_: bool) -> list[int]:
        kind = SPELLS[card][4] if card in SPELLS else "self"
        ally = self.ally(seat)
        if kind == "self":
            return [seat]
        if kind == "ally":
            return [ally] if ally is not None and self.dueling[ally] else []
        if kind == "opponent":
            return [seat] if reversed_ else [self.opponent(seat)]
        group = [seat, ally] if reversed_ else [self.opponent(seat), self.opponent(ally)]
        return [t for t in group if self.dueling[t]]

    def spell_read(self, e: ev.SpellRead) -> None:
        seat = e.seat
        check(self.plays.get(seat) == (e.card, e.dial), f"{e}: revealed {self.plays.get(seat)}")
        check(e.countered == (seat in self.countered), f"{e}: countered? mine {seat in self.countered}")
        check(e.reversed == (seat in self.reversed), f"{e}: reversed? mine {seat in self.reversed}")
        if e.card in SPELLS and not e.countered:
            mine = self.targets(seat, e.card, e.reversed)
            check(sorted(e.targets) == sorted(mine), f"{e}: targets, mine {mine}")
        self.read[seat] = e
        self.seg = {
            "kind": "turn",
            "read": e,
            "st": list(self.st),
            "pw": list(self.pw),
            "inputs": [],
            "seen": [],
            "dueling": list(self.dueling),
            "ended": set(),
            "lasting": [Lasting(x.owner, x.card, list(x.targets), x.tokens) for x in self.lasting],
            "hand_before": {s: list(h) for s, h in enumerate(self.hands)},
        }

    # -- closing a segment: the prediction against what was told -------------------------------------------------
    def close(self) -> None:
        seg, self.seg = self.seg, None
        if seg is None:
            return
        if seg["kind"] == "turn":
            options = self.turn_options(seg)
            what = f"{seg['read'].card} by {seg['read'].seat} at {seg['read'].dial}"
        else:
            options = self.eor_options(seg)
            what = f"end of round {seg['key']}"
        seen = Counter(x for x in seg["seen"] if x is not None and not zero(x))
        if seg.get("match over"):  # the match ended at once: the rest is never applied (rulebook, Duos "Winning")
            cut = sum(seen.values())
            options = [[x for x in out if not zero(x)][:cut] for out in options]
        ok = any(seen == Counter(x for x in out if not zero(x)) for out in options)
        check(ok, f"{what}: engine {sorted(seen.elements())}, mine {[sorted(o) for o in options]}")
        COUNTS[("turn " + seg["read"].card) if seg["kind"] == "turn" else ("eor " + seg["key"][1])] += 1

    def run(self, seg, fn, orders=(None,)) -> list[list[tuple]]:
        options = []
        for order in orders:
            sim = Sim(self, seg)
            with contextlib.suppress(Fell):
                fn(sim, order)
            options.append(sim.out)
        return options

    def turn_options(self, seg) -> list[list[tuple]]:  # noqa: C901 (one branch per card)
        e: ev.SpellRead = seg["read"]
        card, p, seat, rev = e.card, e.dial, e.seat, e.reversed
        if card not in SPELLS or e.countered:
            return [[]]
        inputs = seg["inputs"]
        t = e.targets[0] if e.targets else None
        hand_before = seg["hand_before"]
        extra: list[tuple] = []

        def silence(sim: Sim) -> None:  # after the spell's effect: 2 Fatigue per Silence on the caster
            if sim.alive(seat) and not any(x[0] == "forfeit" for x in sim.out):
                lasting = self.lasting if card == "dispel" else sim.lasting
                for _ in range(sum(1 for x in lasting if x.card == "silence" and seat in x.targets and x.tokens)):
                    COUNTS["silence trigger"] += 1
                    sim.lasting = lasting
                    sim.hit(seat, 2, "fatigue", "silence")

        def effect(sim: Sim, order) -> None:
            st = sim.st
            if card == "stun":
                drain = p + 2
                taken = min(drain, sim.pw[t])
                sim.power(t, -taken, "stun")
                sim.hit(t, drain - taken, "damage", "stun")
            elif card == "explosion":
                sim.hit(t, p + 1, "damage", "explosion")
            elif card == "shock":  # P, +1 going first: before the opponent's turn (not reversed); when they take
                rival = self.opponent(seat)  # none, the caster chooses first or second (the rulebook's Shock Q&A)
                if not rev and rival not in self.order:
                    [chosen] = [x for x in inputs if isinstance(x, ev.PlaceChosen) and x.what == "shock"]
                    check(chosen.seat == seat, f"{chosen}: not the caster's choice")
                    first = chosen.place == 0
                else:
                    first = not rev and rival in self.order and self.order.index(rival) > self.order.index(seat)
                sim.hit(t, p + first, "damage", "shock")
            elif card == "share_pain":  # +1 if your Stamina is lower than the target's (reversed: never)
                sim.hit(t, p + (st[seat] < st[t]), "fatigue", "share_pain")
            elif card == "shrink":
                sim.hit(t, st[t] // 2, "fatigue", "shrink")
            elif card == "arithmancy":  # your P + your opponent's dial (0: Focus/Counterspell/no turn), halved up
                rival = self.plays.get(self.opponent(seat))
                other = rival[1] if rival and rival[0] in SPELLS else 0
                if rev:  # reversed, "your opponent" reads as yourself (the rulebook's Grim Omen answer): S = 2P
                    other = p
                sim.hit(t, -(-(p + other) // 2), "damage", "arithmancy")
            elif card == "chaos":
                roll = next(x for x in inputs if isinstance(x, ev.DiceRolled) and x.reason == "chaos")
                check(roll.seats == (seat,), f"{roll}")
                die = roll.values[0]
                COUNTS[f"chaos roll {die}" + (" reversed" if rev else "")] += 1
                amount = p if die <= 2 else p + 1 if die <= 4 else p + 2
                if die == 1 and not rev:  # "you and the target each take P Damage", in the roll winner's order
                    for who in order:
                        sim.hit(who, p, "damage", "chaos")
                else:
                    sim.hit(t, amount, "damage", "chaos")
            elif card == "conflagration":  # P-3 Damage to each target, one instance each
                for who in order:
                    with contextlib.suppress(Fell):
                        sim.hit(who, p - 3, "damage", "conflagration")
            elif card == "grim_omen":
                if not rev:
                    sim.out.append(("swap", seat, t))
                    st[seat], st[t] = st[t], st[seat]
            elif card in FORFEIT_BELOW:
                if st[t] <= FORFEIT_BELOW[card]:
                    sim.out.append(("forfeit", t, card))
            elif card == "mind_control":
                if sim.pw[t] <= p - 8:
                    sim.out.append(("forfeit", t, card))
            elif card == "energize":
                if t is not None:
                    sim.power(t, p + 2, "energize")
            elif card == "nevermore":
                if t is not None:
                    sim.gain(t, 2 * p, "nevermore")
                    sim.power(t, MAX_PW - sim.pw[t], "nevermore")
                    sim.out.append(("forfeit", seat, "nevermore"))
            elif card == "regenerate":
                sim.gain(seat, 2, "regenerate")
            elif card == "transference":
                given = [x for x in seg["seen"] if x[0] == "lost" and x[5] == "transference"]
                if t is not None and given:
                    amount = given[0][2]
                    check(1 <= amount <= 3 * p and amount < st[seat], f"Transference of {amount} at {st[seat]}")
                    sim.plain(seat, amount, "transference")
                    sim.gain(t, amount, "transference")
                else:
                    check(t is None or st[seat] <= 1, f"no Transference at {st[seat]} Stamina")
            elif card == "dispel":  # P-1 tokens from the opponent's lasting spells (reversed: your own), or all
                owner = seat if rev else self.opponent(seat)
                removed = [x for x in inputs if isinstance(x, ev.TokenRemoved)]
                total = sum(x.tokens for x in seg["lasting"] if x.owner == owner)
                check(len(removed) == min(p - 1, total), f"Dispel removed {len(removed)} of {total}")
                check(all(x.owner == owner and x.by == seat for x in removed), f"Dispel on {removed}")
                COUNTS["dispel tokens removed"] += len(removed)
            elif card == "erase_memory":
                taken = [x for x in inputs if isinstance(x, ev.CardsTaken)]
                seen = [x for x in inputs if isinstance(x, ev.HandSeen)]
                hand = sorted(hand_before[t])
                if not rev:  # reversed, you look at your own hand: nothing new to be told
                    check(len(seen) == 1 and sorted(seen[0].cards) == hand, f"Erase Memory saw {seen}, hand {hand}")
                check(len(taken) == 1 and taken[0].target == t, f"Erase Memory took {taken}")
                cards = list(taken[0].cards)
                check(len(cards) == min(2, len(hand)) and not Counter(cards) - Counter(hand), f"took {cards}")
                COUNTS["erase memory"] += 1
            elif card == "scry":
                looked = [x for x in inputs if isinstance(x, ev.ScryLooked)]
                kept = [x for x in inputs if isinstance(x, ev.ScryKept)]
                deck = self.library[seat % len(self.library)]
                check(len(looked) == 1 and looked[0].count == min(p, len(deck)), f"Scry looked {looked} in {deck}")
                check(not Counter(looked[0].cards) - Counter(deck), f"Scry saw {looked[0].cards}, deck {deck}")
                check(len(kept) == 1 and kept[0].card in looked[0].cards, f"Scry kept {kept}")
                COUNTS["scry"] += 1
            silence(sim)

        if card == "chaos" and not rev:
            orders = [(t, seat), (seat, t)]
        elif card == "conflagration":
            orders = list(itertools.permutations(e.targets))
        else:
            orders = [None]
        options = self.run(seg, effect, orders)
        self.after_turn(seg, e, inputs)
        return [[*o, *extra] for o in options]

    def after_turn(self, seg, e: ev.SpellRead, inputs) -> None:
        """What a cast spell changes beyond Stamina and Power: hands, the deck of spells, lasting spells."""
        seat = e.seat
        if e.card == "erase_memory":
            for x in inputs:
                if isinstance(x, ev.CardsTaken):
                    for card in x.cards:
                        self.hands[x.target].remove(card)
                    seg["taken"] = list(x.cards)
                    self.erased = (seat, list(x.cards))
        if e.card == "scry":
            kept = next(x for x in inputs if isinstance(x, ev.ScryKept)).card
            deck = seat % len(self.library)
            self.library[deck].remove(kept)
            self.library[deck].append("scry")
            self.hands[seat].append(kept)
            self.scried = getattr(self, "scried", set()) | {seat}

    def eor_options(self, seg) -> list[list[tuple]]:
        owner, card = seg["key"]
        inputs = seg["inputs"]

        def effect(sim: Sim, order) -> None:
            if card == "focus":
                blocked = ("levitate" in self.levitated(owner)) or self.active("imprison", owner)
                sim.out.append(("focus", owner, blocked))
                return
            mine = [x for x in seg["lasting"] if x.owner == owner and x.card == card]
            check(len(mine) == 1, f"end of round {card} of {owner}: in play {mine}")
            x = mine[0]
            if card == "levitate":
                sim.hit(x.targets[0], 4, "damage", "levitate")
            elif card == "ignite":
                sim.hit(x.targets[0], 6, "damage", "ignite")
            elif card == "regenerate":
                sim.gain(x.targets[0], 2, "regenerate")
            elif card == "portents":
                rolls = [r for r in inputs if isinstance(r, ev.DiceRolled) and r.reason == "portents"]
                check(len(rolls) == 1 and rolls[0].seats == (owner,), f"portents of {owner}: rolls {rolls}")
                die = rolls[0].values[0]
                COUNTS[f"portents roll {die}"] += 1
                if die == 1:
                    sim.hit(owner, 2, "fatigue", "portents")
                if die in (2, 3, 6):
                    sim.gain(owner, 2, "portents")
                if die >= 4:
                    sim.power(owner, 2, "portents")
            else:  # Miasma, Molten Floor: each affected opponent still dueling
                for who in order:
                    try:
                        if card == "miasma":
                            sim.hit(who, 1, "fatigue", "miasma")
                        else:
                            sim.hit(who, 2, "damage", "molten_floor")
                    except Fell:
                        pass

        orders: list = [None]
        if card in ("miasma", "molten_floor"):
            x = next(x for x in seg["lasting"] if x.owner == owner and x.card == card)
            orders = list(itertools.permutations([t for t in x.targets if seg["dueling"][t]]))
        return self.run(seg, effect, orders)

    def levitated(self, seat: int) -> set[str]:
        return {r.card for r in self.read.values() if r.card == "levitate" and not r.countered and seat in r.targets}

    # -- end of round: what is due, the order -------------------------------------------------------------------
    def eor_mode(self) -> None:
        if not self.eor:
            self.eor = True
            self.eor_due = {(s, "focus") for s, (c, _d) in self.plays.items() if c == "focus" and self.dueling[s]}
            for x in self.lasting:
                if x.card in EOR_CARDS and x.tokens > 0:
                    self.eor_due.add((x.owner, x.card))

    def open_eor(self, e) -> None:
        self.eor_mode()
        if isinstance(e, ev.Focused):
            key = (e.seat, "focus")
        elif isinstance(e, ev.DiceRolled):
            key = (e.seats[0], "portents")
        else:
            key = (e.by, e.source)
        check(key in self.eor_due, f"{e}: end-of-round effect {key} not due ({self.eor_due})")
        self.eor_due.discard(key)
        if not self.eor_blocks or self.eor_blocks[-1] != key[0]:
            check(key[0] not in self.eor_blocks, f"{e}: player {key[0]}'s effects not together {self.eor_blocks}")
            self.eor_blocks.append(key[0])
        self.seg = {
            "kind": "eor",
            "key": key,
            "st": list(self.st),
            "pw": list(self.pw),
            "inputs": [],
            "seen": [],
            "dueling": list(self.dueling),
            "ended": set(),
            "lasting": [Lasting(x.owner, x.card, list(x.targets), x.tokens) for x in self.lasting],
        }

    def end_of_round_checks(self) -> None:
        if not self.plays:
            return
        if not self.duel_ended_now:
            check(not self.eor_due, f"end-of-round effects never applied: {self.eor_due}")
            owners = list(self.eor_blocks)
            rolled = {s for r in self.eor_rolls for s in r.seats}
            if len(owners) >= 2:
                check(rolled == set(owners), f"end-of-round rolls {self.eor_rolls} for owners {owners}")
                if self.players == 2:
                    last = self.eor_rolls[-1]
                    winner = last.seats[last.values.index(max(last.values))]
                    place = next(p for p in self.eor_places if p.seat == winner)
                    check((owners[0] == winner) == (place.place == 0), f"{owners}: {winner} chose {place}")
                COUNTS["eor order rolled"] += 1
            else:
                check(not self.eor_rolls, f"end-of-round roll for one owner {owners}: {self.eor_rolls}")
        # clean-up (step 7): the lasting spells cast this round placed, the older ones one token less
        if self.cleanup_from is not None:
            for x in self.cleanup_from:
                check(self.removed[(x.owner, x.card)] == 1, f"{x.card} of {x.owner}: {self.removed} tokens removed")
                COUNTS["token removed in clean-up"] += 1
        expected = []
        for seat, r in self.read.items():
            if r.card in LASTS and not r.countered and (r.targets or SPELLS[r.card][4] == "self"):
                keep = self.dueling[seat] or (r.card in CROSS_DUEL and any(self.dueling[t] for t in r.targets))
                if keep:
                    expected.append(
                        (seat, r.card, LASTS[r.card](r.dial), sorted(t for t in r.targets if self.dueling[t]))
                    )
        told = [(x.owner, x.card, x.tokens, sorted(t for t in x.targets if self.dueling[t])) for x in self.placed]
        check(sorted(told) == sorted(expected), f"lasting placed {told}, mine {expected}")
        COUNTS["lasting placed"] += len(expected)
        # the cards played go back to the hand, but for cast lasting spells and a cast Scry
        placed = {(x.owner, x.card) for x in self.placed}
        for seat, (card, _dial) in self.plays.items():
            r = self.read.get(seat)
            if (seat, card) in placed:
                continue
            if card == "scry" and r is not None and not r.countered:
                continue
            self.hands[seat].append(card)

    def lasting_event(self, e) -> None:
        if isinstance(e, ev.LastingPlaced):
            if self.cleanup_from is None:
                self.cleanup_from = [x for x in self.lasting if x.tokens > 0]
            under = []
            if e.card == "erase_memory" and getattr(self, "erased", None) and self.erased[0] == e.owner:
                under, self.erased = self.erased[1], None
            self.lasting.append(Lasting(e.owner, e.card, list(e.targets), e.tokens, under))
            self.placed.append(e)
        elif isinstance(e, ev.TokenRemoved):
            x = next(x for x in self.lasting if (x.owner, x.card) == (e.owner, e.card))
            check(e.tokens == x.tokens - 1, f"{e}: had {x.tokens}")
            x.tokens = e.tokens
            if e.by < 0:
                if self.cleanup_from is None:
                    self.cleanup_from = [y for y in self.lasting if y.tokens > 0 or y is x]
                self.removed[(e.owner, e.card)] += 1
        else:
            x = next(x for x in self.lasting if (x.owner, x.card) == (e.owner, e.card))
            self.lasting.remove(x)
            check(sorted(e.returned) == sorted(x.under), f"{e}: under it {x.under}")
            if self.dueling[e.owner] or self.dueling[e.target]:
                self.hands[e.owner].append(e.card)
                for card in e.returned:
                    self.hands[e.target].append(card)


def e_by(e) -> int:
    return getattr(e, "by", 0)


def zero(x: tuple) -> bool:
    return x[0] == "lost" and x[2] + x[3] == 0


def observed(e) -> tuple | None:
    if isinstance(e, ev.StaminaLost):
        return ("lost", e.seat, e.amount - e.bonus, e.bonus, e.kind, e.source)
    if isinstance(e, ev.StaminaGained):
        return ("gain", e.seat, e.source, e.stamina)
    if isinstance(e, ev.PowerChanged):
        if e.amount == 0 and not e.blocked:
            return None
        return ("power", e.seat, e.source, e.blocked, e.power)
    if isinstance(e, ev.StaminaSwapped):
        return ("swap", e.seat, e.target)
    if isinstance(e, ev.Forfeited):
        return ("forfeit", e.seat, e.card)
    return ("focus", e.seat, e.blocked != "")


def play_match(players: int, bot_ids: list[str], seed: int, books: list[list[str]] | None = None) -> Checker:
    options = GAME.default_options(players)
    if books is not None:
        options = {"books": books, "book_names": ["Custom"] * players}
    state = GAME.setup(players, options, seed)
    checker = Checker(state)
    bots = [make_bot(GAME, bot) for bot in bot_ids]
    rngs = [Rng(seed * 10 + seat) for seat in range(players)]
    steps = 0
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        began = None
        for e in GAME.apply(state, bots[seat].choose(GAME.view(state, seat), rngs[seat])):
            checker.event(e)
            began = e if isinstance(e, ev.RoundBegan) else began
        if began is not None and state.stage == "choose" and state.round == began.round:
            try:
                checker.compare_table()
            except Mismatch as error:
                raise Mismatch(f"{error}\n" + "\n".join(map(str, checker.log))) from None
        steps += 1
        check(steps < 20000, "no end")
    checker.close()
    return checker


# --- the tests -------------------------------------------------------------------------------------------------
BOOK_A = ["shock", "tongue_tie", "chaos", "reflect", "share_pain", "fear", "ignite"]  # the last two sit out
BOOK_B = ["paralyze", "explosion", "brittlebones", "reflect", "tongue_tie", "shock", "regenerate"]


def position(players: int, books: list[list[str]], seed: int = 1):
    """A match at round 1's choices (each side board: the book's last two spells), followed by a Checker."""
    state = GAME.setup(players, {"books": books, "book_names": ["Custom"] * players}, seed)
    checker = Checker(state)
    for seat in range(players):
        for e in GAME.apply(state, ev.ChooseSideBoard(seat, tuple(books[seat][-2:]))):
            checker.event(e)
    assert state.stage == "choose" and state.round == 1
    return state, checker


def sync(state, checker: Checker) -> None:
    """The position was changed by hand: the model takes it as it is."""
    from tabletop.games.thats_wizard.state import Lasting as TableLasting

    assert all(isinstance(x, TableLasting) for x in state.lasting)
    checker.st = [w.stamina for w in state.wizards]
    checker.pw = [w.power for w in state.wizards]
    checker.hands = [list(w.hand) for w in state.wizards]
    checker.lasting = [Lasting(x.owner, x.card, list(x.targets), x.tokens, list(x.under)) for x in state.lasting]
    checker.compare_table()


def lay(state, owner: int, card: str, targets: list[int], tokens: int, dial: int, reversed_: bool = False) -> None:
    from tabletop.games.thats_wizard.state import Lasting as TableLasting

    state.lasting.append(TableLasting(owner, card, targets, tokens, dial, reversed_, 0))
    state.wizards[owner].hand.remove(card)


def play_round(state, checker: Checker, plays: dict[int, tuple[str, int]], seed: int = 0) -> list:
    """Everyone's plays, then random bots for any choice, up to the next round's choices or the end."""
    told = []
    for seat, (card, dial) in plays.items():
        told += GAME.apply(state, ev.Play(seat, card, dial) if card else ev.Pass(seat))
    bots, rng = make_bot(GAME, "random"), Rng(seed)
    while GAME.result(state) is None and not (state.stage == "choose" and not told_round_start(told, state)):
        seat = GAME.to_act(state)[0]
        told += GAME.apply(state, bots.choose(GAME.view(state, seat), rng))
    for e in told:
        checker.event(e)
    checker.close()
    if GAME.result(state) is None:
        checker.compare_table()
    return told


def told_round_start(told: list, state) -> bool:
    return not any(isinstance(e, ev.RoundBegan) and e.round == state.round for e in told)


def test_two_tongue_ties_on_one_wizard() -> None:
    """The opponent's Tongue Tie and one's own reflected back: each makes a spell cost 2 more (supplement,
    Tongue Tie: "each spell the target plays costs P+2 Power"), and no spell may cost more than 10."""
    state, checker = position(2, [BOOK_A, BOOK_B])
    lay(state, 0, "tongue_tie", [1], 2, 3)
    lay(state, 1, "tongue_tie", [1], 2, 3, reversed_=True)
    state.wizards[1].power = 9
    sync(state, checker)
    legal = {(c.card, c.dial) for c in GAME.legal(state, 1) if isinstance(c, ev.Play)}
    assert ("explosion", 5) in legal and ("explosion", 3) in legal  # 3 + 4 = 7 ... 5 + 4 = 9
    assert ("paralyze", 3) in legal
    state.wizards[1].power = 8
    assert ("explosion", 5) not in {(c.card, c.dial) for c in GAME.legal(state, 1) if isinstance(c, ev.Play)}
    state.wizards[1].power = 9
    told = play_round(state, checker, {0: ("focus", 0), 1: ("explosion", 5)})
    paid = [e for e in told if isinstance(e, ev.PowerPaid)]
    assert [(e.seat, e.amount, e.tax) for e in paid] == [(1, 9, 4)]


def test_a_reflected_lasting_spell_lies_on_its_caster() -> None:
    """Reflect turns Brittlebones back: it lies on its caster (supplement §5.6) and adds 2 to the Damage they take."""
    state, checker = position(2, [BOOK_B, BOOK_A])
    told = play_round(state, checker, {0: ("brittlebones", 3), 1: ("reflect", 2)})
    assert any(isinstance(e, ev.LastingPlaced) and e.targets == (0,) and e.tokens == 3 for e in told)
    told = play_round(state, checker, {0: ("focus", 0), 1: ("shock", 1)})
    hits = [e for e in told if isinstance(e, ev.StaminaLost)]
    assert [(e.seat, e.amount, e.bonus) for e in hits] == [(0, 3, 2)]  # 1, +2 Brittlebones (Focus went first)


def rolled_until(state, checker_events, plays, want) -> tuple:
    """The same round from copies of the position with other dice, until ``want(events)``."""
    import copy

    for k in range(200):
        trial = copy.deepcopy(state)
        trial.rng = Rng(k)
        told = []
        for seat, (card, dial) in plays.items():
            told += GAME.apply(trial, ev.Play(seat, card, dial))
        if want(told):
            return trial, told
    raise AssertionError("never rolled")


def test_chaos_on_a_one_fells_both_wizards() -> None:
    """Chaos rolls 1 and both would fall: they roll, the higher roller orders the Damage, and only the first
    applies (rulebook, Chaos answers; supplement §5.10)."""
    for chooser_first in (True, False):
        state, checker = position(2, [BOOK_A, BOOK_B])
        state.wizards[0].stamina, state.wizards[1].stamina = 5, 3
        sync(state, checker)

        def chaos_one(told: list) -> bool:
            return any(isinstance(e, ev.DiceRolled) and e.reason == "chaos" and e.values == (1,) for e in told)

        state, told = rolled_until(state, None, {0: ("chaos", 6), 1: ("focus", 0)}, chaos_one)
        rolls = [e for e in told if isinstance(e, ev.DiceRolled) and e.reason != "chaos"]
        assert rolls and sorted(rolls[-1].seats) == [0, 1]
        chooser = GAME.to_act(state)[0]
        assert chooser == rolls[-1].seats[rolls[-1].values.index(max(rolls[-1].values))]
        first = chooser if chooser_first else 1 - chooser
        told += GAME.apply(state, ev.ApplyFirst(chooser, first))
        for e in told:
            checker.event(e)
        checker.close()
        won = [e for e in told if isinstance(e, ev.DuelWon)]
        assert [e.loser for e in won] == [first]
        hits = [(e.seat, e.amount) for e in told if isinstance(e, ev.StaminaLost) and e.source == "chaos"]
        assert hits == [(first, 6)]  # the other's Damage is never applied


def test_conflagration_fells_both_opponents() -> None:
    """Duos: Conflagration brings both opponents to 0 at once; both duels end, in the roll winner's order."""
    books = [
        ["paralyze", "explosion", "embrace_pain", "conflagration", "shock", "stun", "reflect"],
        ["share_pain", "fear", "chaos", "portents", "regenerate", "stun", "reflect"],
        ["regenerate", "brittlebones", "molten_floor", "share_pain", "miasma", "portents", "scry"],
        ["shock", "tongue_tie", "ignite", "paralyze", "explosion", "energize", "silence"],
    ]
    state, checker = position(4, books)
    state.wizards[1].stamina, state.wizards[3].stamina = 4, 5
    sync(state, checker)
    told = []
    for seat, (card, dial) in {0: ("conflagration", 9), 1: ("focus", 0), 2: ("focus", 0), 3: ("focus", 0)}.items():
        told += GAME.apply(state, ev.Play(seat, card, dial))
    assert GAME.to_act(state), "a choice of order is asked"
    chooser = GAME.to_act(state)[0]
    told += GAME.apply(state, ev.ApplyFirst(chooser, 3))
    bots, rng = make_bot(GAME, "random"), Rng(3)
    while not any(isinstance(e, ev.RoundBegan) for e in told[-3:]) and GAME.result(state) is None:
        if state.stage == "choose" and state.round == 1:
            break
        seat = GAME.to_act(state)[0]
        told += GAME.apply(state, bots.choose(GAME.view(state, seat), rng))
    for e in told:
        checker.event(e)
    won = [(e.loser, e.winner) for e in told if isinstance(e, ev.DuelWon)]
    assert won == [(3, 2), (1, 0)]
    assert [e.seat for e in told if isinstance(e, ev.StaminaLost)] == [3, 1]


@pytest.mark.parametrize(
    ("players", "bot_ids", "seeds"),
    [
        (2, ["random", "random"], range(30)),
        (2, ["easy", "random"], range(30, 50)),
        (2, ["medium", "medium"], range(50, 70)),
        (4, ["random"] * 4, range(30)),
        (4, ["easy", "medium", "medium", "random"], range(30, 50)),
    ],
)
def test_card_effects_follow_the_rulebook(players: int, bot_ids: list[str], seeds) -> None:
    for seed in seeds:  # the premade books, then random legal ones
        play_match(players, bot_ids, seed)
        play_match(players, bot_ids, seed, books=legal_random_books(seed, players))
