"""An independent check of the rarer That's Wizard! orderings and card cases, from the rulebook and its supplement
alone (the third part of the differential review; the first two are ``test_thats_wizard_independent.py`` and
``test_thats_wizard_independent_cards.py``).

It does not use the engine's rules modules. Driven through the protocol, at every point where the engine asks a
player to order something, the model below predicts who is asked and exactly which choices are offered, and then
checks that what happens follows the choice:

- the end of the round (rulebook step 6; supplement §5.9): the effects due (each Focus of a wizard still dueling;
  each Levitate, Ignite, Regenerate, Portents, Miasma, Molten Floor in play that still reaches a wizard who
  duels), who rolls (every player owning one), the places picked in order of roll, highest first (in 1 vs 1: the
  higher roller goes first or second), each player's own effects in the order they choose (every remaining
  effect offered, nothing else), a duel that ends in the round or during step 6 skipping its own effects while the
  other duel's go on (rulebook "Winning": "The duel ends as soon as this happens ... even if ... there are
  end-of-round effects"; Duos "Winning": cards that affect the ally's duel "remain in play as normal");
- the turn order's ties: the roll winner choosing between the teams, and the team choosing its allies' order
  (rulebook, Duos "Gameplay": "ties between players on the same team can be resolved in any order of their
  choosing");
- simultaneous falls: who rolls, the roll winner choosing, and the chosen fall applied first (rulebook, Chaos and
  Conflagration answers: "The higher roller will determine the order in which the Damage takes place").

Scripted positions cover what bots rarely reach: two Silences on one wizard, Grim Omen (and reversed), Invisibility
against Counterspell, Reflect and Confusion, Erase Memory leaving no legal play and reversed, a same-team tie with
either choice, and a Duos end of round after a duel ended.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.bots import make_bot
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.thats_wizard import events as ev
from tests.test_thats_wizard_independent import legal_random_books

GAME = GAMES["thats-wizard"]
EOR_CARDS = ("levitate", "ignite", "regenerate", "portents", "miasma", "molten_floor")  # act at step 6
SELF_EOR = ("regenerate", "portents")
ORDERING = (ev.TakePlace, ev.ResolveNext, ev.ApplyFirst)
TURN_CHOICES = (ev.RemoveToken, ev.TakeCards, ev.Transfer, ev.KeepSpell)  # a card's turn still resolving
KNOWN_ROLLS = ("end of round", "turn order", "portents", "chaos", "pairing")
COUNTS: Counter[str] = Counter()


class Mismatch(AssertionError):
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise Mismatch(message)


def ranking(seats: list[int], rolls: list[ev.DiceRolled]) -> list[int] | None:
    """Players ordered by roll, highest first; each tied group rerolls among itself ("reroll to break ties").
    None while a tie is still unbroken."""
    groups: list[list[int]] = [list(seats)]
    for roll in rolls:
        at = next((i for i, g in enumerate(groups) if len(g) > 1 and set(g) == set(roll.seats)), None)
        check(at is not None, f"{roll}: no tied group {groups} rerolls")
        value = dict(zip(roll.seats, roll.values, strict=True))
        split = [[s for s in roll.seats if value[s] == v] for v in sorted(set(roll.values), reverse=True)]
        groups[at : at + 1] = split
    if any(len(g) > 1 for g in groups):
        return None
    return [g[0] for g in groups]


class Rare:
    """Follows the public events of a match; ``expected`` says which ordering choice must be offered now."""

    def __init__(self, state) -> None:
        self.players = n = state.players
        self.pairs: list[tuple[int, int]] = [(0, 1)] if n == 2 else [(0, 1), (2, 3)]
        self.dueling = [True] * n
        self.stamina = [20] * n
        self.lasting: dict[tuple[int, str], list] = {}  # (owner, card) -> [targets, tokens]
        self.match_over = False
        self.log: list = []
        self.new_round()

    def new_round(self) -> None:
        self.plays: dict[int, tuple[str, int]] = {}
        self.revealed = False
        self.order: list[int] | None = None
        self.pending: list[int] = []
        self.last_read: ev.SpellRead | None = None
        self.shock_chosen: ev.SpellRead | None = None  # the Shock whose caster chose to go first or second
        self.tie_rolls: list[ev.DiceRolled] = []
        self.tie_places: list[ev.PlaceChosen] = []
        self.asked: list[int] = []  # the seats asked to settle a tie (both allies: the first answer decides)
        self.eor: dict | None = None
        self.eor_closed = False
        self.lethal: dict | None = None
        self.ended_now = False

    # -- helpers ---------------------------------------------------------------------------------------------------
    def opponent(self, seat: int) -> int:
        return next(b if a == seat else a for a, b in self.pairs if seat in (a, b))

    def turns_done(self) -> bool:
        return self.order is not None and not any(self.dueling[s] for s in self.pending)

    def affected(self, owner: str | int, name: str) -> list[int]:
        """Whom an end-of-round effect reaches: Focus, Regenerate, Portents their owner; the others their targets."""
        if name == "focus" or name in SELF_EOR:
            return [int(owner)]
        x = self.lasting.get((int(owner), name))
        return list(x[0]) if x is not None else []  # gone with its duel

    def relevant(self, owner: int, name: str) -> bool:
        """Still happens: it reaches a wizard still dueling (a finished duel's end of round is skipped)."""
        if name != "focus" and (owner, name) not in self.lasting:
            return False
        return any(self.dueling[s] for s in self.affected(owner, name))

    # -- the end of the round ----------------------------------------------------------------------------------------
    def start_eor(self) -> None:
        if self.eor is not None or self.eor_closed:
            return
        due: dict[int, set[str]] = {}
        for seat, (card, _dial) in self.plays.items():
            if card == "focus" and self.dueling[seat]:
                due.setdefault(seat, set()).add("focus")
        for (owner, card), (_targets, tokens) in self.lasting.items():
            if card in EOR_CARDS and tokens > 0 and self.relevant(owner, card):
                due.setdefault(owner, set()).add(card)
        owners = sorted(due)
        self.eor = {"due": due, "owners": owners, "rolls": [], "picks": {}, "done": set(), "next": None}
        COUNTS[f"eor with {len(owners)} owner(s)"] += 1
        if self.players == 4 and owners and self.ended_now:
            COUNTS["eor due in a round where a duel ended"] += 1
        if any(not self.dueling[o] for o in owners):
            COUNTS["eor due to a wizard whose duel is over"] += 1

    def eor_rank(self) -> list[int] | None:
        e = self.eor
        if len(e["owners"]) < 2:
            return list(e["owners"])
        if not e["rolls"]:
            return None
        return ranking(e["owners"], e["rolls"])

    def blocks(self) -> list[int] | None:
        e = self.eor
        if len(e["owners"]) < 2:
            return list(e["owners"])
        if len(e["picks"]) < len(e["owners"]):
            return None
        return [e["picks"][p] for p in range(len(e["owners"]))]

    def remaining(self, owner: int) -> set[str]:
        e = self.eor
        return {x for x in e["due"].get(owner, ()) if (owner, x) not in e["done"] and self.relevant(owner, x)}

    def current_block(self) -> int | None:
        blocks = self.blocks()
        if blocks is None:
            return None
        return next((o for o in blocks if self.remaining(o)), None)

    def eor_effect(self, key: tuple[int, str]) -> None:
        self.start_eor()
        e = self.eor
        check(e is not None, f"end-of-round effect {key} outside step 6")
        if e.get("current") == key:
            return
        owner, name = key
        check(name in e["due"].get(owner, ()), f"end-of-round effect {key} not due: {e['due']}")
        check(key not in e["done"], f"end-of-round effect {key} twice")
        check(self.relevant(owner, name), f"end-of-round effect {key} though its duel is over")
        block = self.current_block()
        check(block == owner, f"end-of-round effect {key}, but {block}'s block comes now (blocks {self.blocks()})")
        if e["next"] is not None:
            check(e["next"] == key, f"end-of-round effect {key}, but {e['next']} was chosen")
            e["next"] = None
        e["done"].add(key)
        e["current"] = key
        COUNTS["eor effect"] += 1

    def close_eor(self) -> None:
        """Clean-up or a new round: every effect still due has happened."""
        if self.eor_closed or not self.turns_done() or self.lethal is not None:
            return
        self.start_eor()
        e = self.eor
        left = [
            (o, n) for o, names in e["due"].items() for n in names if (o, n) not in e["done"] and self.relevant(o, n)
        ]
        check(not left, f"end-of-round effects never applied: {left}")
        self.eor_closed = True

    # -- what must be offered now -------------------------------------------------------------------------------------
    def expected(self, state, legal: dict[int, list]) -> set | None:
        """The ordering commands that must be offered now (None: the model does not know, e.g. mid-turn)."""
        if any(isinstance(c, TURN_CHOICES) for cmds in legal.values() for c in cmds):
            return None
        if self.lethal is not None:
            lethal = self.lethal
            rank = ranking(lethal["rollers"], lethal["rolls"]) if lethal["rolls"] else None
            if rank is None:
                return None
            winner = rank[0]
            if "context" not in lethal:
                lethal["context"] = self.fall_context(state.stage)
                COUNTS[f"lethal roll ({lethal['context'][0]})"] += 1
            offered = {c.target for c in legal.get(winner, []) if isinstance(c, ev.ApplyFirst)}
            check(len(offered) >= 2 and all(self.dueling[s] for s in offered), f"lethal batch offered {offered}")
            lethal["offered"] = offered
            return {ev.ApplyFirst(winner, t) for t in offered}
        shock = self.shock_waiting()
        if shock is not None:  # the Shock Q&A: the opponent takes no turn, so the caster goes first or second
            COUNTS["shock, first or second offered"] += 1
            return {ev.TakePlace(shock, 0), ev.TakePlace(shock, 1)}
        if self.revealed and self.order is None:
            asked = [s for s, cmds in legal.items() if any(isinstance(c, ev.TakePlace) for c in cmds)]
            if asked:  # a tie: the roll winner (checked at TurnOrder), or the tied allies (their team chooses: either
                # may answer, rulebook Duos "Gameplay"), choose 0 or 1
                allies = len(asked) == 2 and self.players == 4 and asked[0] % 2 == asked[1] % 2
                check(len(asked) == 1 or allies, f"several asked to order a tie: {asked}")
                self.asked = asked
                return {ev.TakePlace(seat, place) for seat in asked for place in (0, 1)}
            return set()
        if not self.turns_done() or self.eor_closed or self.match_over:
            return set()
        self.start_eor()
        e = self.eor
        rank = self.eor_rank()
        if rank is None:
            return set()
        if len(e["owners"]) >= 2 and len(e["picks"]) < len(e["owners"]):
            picker = rank[len(e["picks"])]
            free = [p for p in range(len(e["owners"])) if p not in e["picks"]]
            return {ev.TakePlace(picker, p) for p in free} if len(free) > 1 else set()
        owner = self.current_block()
        if owner is None:
            return set()
        left = self.remaining(owner)
        return {ev.ResolveNext(owner, name) for name in left} if len(left) > 1 else set()

    def command(self, command) -> None:
        if isinstance(command, ev.ResolveNext):
            self.eor["next"] = (command.seat, command.effect)
            COUNTS[f"own order chosen among {len(self.remaining(command.seat))}"] += 1
        elif isinstance(command, ev.ApplyFirst):
            self.lethal["chosen"] = command.target
            COUNTS["lethal order chosen"] += 1

    # -- events -------------------------------------------------------------------------------------------------
    def event(self, e) -> None:
        self.log = [*self.log[-40:], e]
        if e.to is not None:
            return
        try:
            self.follow(e)
        except Mismatch as error:
            raise Mismatch(f"{error}\n" + "\n".join(map(str, self.log))) from None

    def follow(self, e) -> None:  # noqa: C901 (one branch per kind of event)
        if isinstance(e, (ev.MatchWon, ev.MatchDrawn)):
            self.match_over = True
        boundary = isinstance(e, (ev.RoundBegan, ev.DuelBegan, ev.LastingPlaced)) or (
            isinstance(e, ev.TokenRemoved) and e.by < 0
        )
        if boundary and self.lethal is None and not self.match_over:
            self.close_eor()
        if isinstance(e, ev.RoundBegan):
            self.new_round()
        elif isinstance(e, ev.DuelBegan):
            self.pairs = [tuple(p) for p in e.pairs]
            self.dueling, self.stamina, self.lasting = [True] * self.players, [20] * self.players, {}
            self.new_round()
        elif isinstance(e, ev.PairingChosen):
            self.pairs = [tuple(p) for p in e.pairs]
        elif isinstance(e, ev.Revealed):
            self.plays = {p.seat: (p.card, p.dial) for p in e.plays if p.legal}
            self.revealed = True
        elif isinstance(e, ev.TurnOrder):
            self.turn_order(e)
        elif isinstance(e, ev.SpellRead):
            check(e.seat in self.pending, f"{e}: not waiting for a turn ({self.pending})")
            self.pending = self.pending[self.pending.index(e.seat) + 1 :]
            self.last_read = e
        elif isinstance(e, ev.DiceRolled):
            self.dice(e)
        elif isinstance(e, ev.PlaceChosen):
            self.place(e)
        elif isinstance(e, ev.Focused):
            self.eor_effect((e.seat, "focus"))
        elif isinstance(e, (ev.StaminaLost, ev.StaminaGained, ev.PowerChanged)):
            self.stamina_or_power(e)
        elif isinstance(e, ev.DuelWon):
            self.dueling[e.winner] = self.dueling[e.loser] = False
            self.ended_now = True
            if self.eor is not None and not self.eor_closed:
                COUNTS["duel ended during step 6"] += 1
            if self.lethal is not None:
                self.lethal_fall(e)
        elif isinstance(e, ev.LastingPlaced):
            self.lasting[(e.owner, e.card)] = [list(e.targets), e.tokens]
        elif isinstance(e, ev.TokenRemoved):
            self.lasting[(e.owner, e.card)][1] = e.tokens
        elif isinstance(e, ev.LastingEnded):
            self.lasting.pop((e.owner, e.card))

    def stamina_or_power(self, e) -> None:
        if isinstance(e, ev.StaminaLost):
            self.stamina[e.seat] = e.stamina
            lethal = self.lethal
            if lethal is not None and e.seat in lethal["offered"] and lethal.get("chosen") is not None:
                check(e.seat == lethal["chosen"], f"{e}: {lethal['chosen']} was chosen to fall first")
                check(e.stamina == 0, f"{e}: the chosen fall does not fell")
                lethal["chosen"] = None
                lethal["fell"].append(e.seat)
        elif isinstance(e, ev.StaminaGained):
            self.stamina[e.seat] = e.stamina
        source = e.source
        if source not in EOR_CARDS or (source == "regenerate" and self.plays.get(e.by, ("",))[0] == "regenerate"):
            return  # a turn's own effect (Regenerate's first heal), or an effect's own consequence (Embrace Pain)
        self.eor_effect((e.by, source))

    def dice(self, e: ev.DiceRolled) -> None:
        if e.reason == "end of round":
            self.start_eor()
            check(set(e.seats) == set(self.eor["owners"]) or self.eor["rolls"], f"{e}: owners {self.eor['owners']}")
            self.eor["rolls"].append(e)
        elif e.reason == "turn order":
            self.tie_rolls.append(e)
        elif e.reason == "portents":
            check(len(e.seats) == 1, f"{e}")
            self.eor_effect((e.seats[0], "portents"))
        elif e.reason not in KNOWN_ROLLS:  # several wizards would fall at once
            if self.lethal is None or self.lethal.get("done"):
                self.lethal = {"rolls": [], "rollers": list(e.seats), "reason": e.reason, "fell": [], "offered": set()}
            self.lethal["rolls"].append(e)

    def fall_context(self, stage: str) -> tuple[str, set[int] | None]:
        """Who rolls for simultaneous falls: Chaos, Conflagration: "You and your opponent will roll dice" (rulebook);
        otherwise (Counterspell payments, a Miasma or Molten Floor tick) the affected players (supplement §5.10)."""
        if stage == "turns" and self.last_read is not None and self.last_read.card in ("chaos", "conflagration"):
            r = self.last_read
            return (r.card, {r.seat, self.opponent(r.seat)})
        return (stage, None)

    def lethal_fall(self, e: ev.DuelWon) -> None:
        lethal = self.lethal
        if lethal["fell"] and e.loser == lethal["fell"][-1]:
            rank = ranking(lethal["rollers"], lethal["rolls"])
            context, rollers = lethal["context"]
            affected = lethal["offered"]
            want = rollers if rollers is not None else affected
            check(set(lethal["rollers"]) == want, f"{context}: {lethal['rollers']} rolled, expected {want}")
            check(rank is not None, "an unbroken roll")
            COUNTS["lethal fall checked"] += 1
        remaining = [s for s in lethal["offered"] if self.dueling[s] and s not in lethal["fell"]]
        if len(remaining) < 2 or self.match_over:
            self.lethal = None

    def shock_waiting(self) -> int | None:
        """The caster of the Shock just read, when it waits on going first or second: cast (not countered), not
        turned back, its caster's opponent in no turn of the round, and not chosen yet."""
        r = self.last_read
        if r is None or r.card != "shock" or r.countered or r.reversed or not r.targets or self.order is None:
            return None
        if self.shock_chosen is r or self.opponent(r.seat) in self.order or not self.dueling[r.seat]:
            return None
        return r.seat

    def place(self, e: ev.PlaceChosen) -> None:
        if e.what == "shock":
            check(self.shock_waiting() == e.seat, f"{e}: no Shock of theirs waits on a choice")
            self.shock_chosen = self.last_read
        elif e.what == "eor_place":
            self.start_eor()
            eor = self.eor
            rank = self.eor_rank()
            check(rank is not None and len(eor["owners"]) >= 2, f"{e}: no roll won ({eor['rolls']})")
            picker = rank[len(eor["picks"])]
            free = [p for p in range(len(eor["owners"])) if p not in eor["picks"]]
            check(e.seat == picker, f"{e}: {picker} picks now (rank {rank})")
            check(e.place in free and e.forced == (len(free) == 1), f"{e}: free places {free}")
            eor["picks"][e.place] = e.seat
            COUNTS["eor place picked" + (" (forced)" if e.forced else "")] += 1
        else:
            check(self.order is None and e.seat in self.asked, f"{e}: {self.asked} were asked")
            self.tie_places.append(e)

    def turn_order(self, e: ev.TurnOrder) -> None:
        """Equal dials: opposite teams roll and the winner puts its team first or second; allies order themselves
        (place 0: the chooser goes before its ally)."""
        self.order, self.pending = list(e.order), list(e.order)
        rolls, places = list(self.tie_rolls), list(self.tie_places)
        dial = {s: self.plays[s][1] for s in e.order}
        for value in sorted(set(dial.values())):
            group = [s for s in e.order if dial[s] == value]
            teams = {s % 2 for s in group} if self.players == 4 else set(group)
            if len(group) < 2:
                continue
            if len(teams) == 2 and value > 0:
                seats = set()
                while True:
                    check(bool(rolls), f"{e}: no roll for the tie {group}")
                    roll = rolls.pop(0)
                    seats |= set(roll.seats)
                    best = max(roll.values)
                    if roll.values.count(best) == 1:
                        winner = roll.seats[roll.values.index(best)]
                        break
                check(bool(places) and places[0].what == "tie", f"{e}: no tie choice in {places}")
                place = places.pop(0)
                check(place.seat == winner, f"{place}: the roll was won by {winner}")
                side = (lambda s: s % 2) if self.players == 4 else (lambda s: s)
                check((side(group[0]) == side(winner)) == (place.place == 0), f"{e}: {place} for {group}")
                COUNTS["cross-team tie"] += 1
            if self.players == 4:
                for team in (0, 1):
                    allies = [s for s in group if s % 2 == team]
                    if len(allies) < 2:
                        continue
                    choice = next((p for p in places if p.what == "team" and p.seat in allies), None)
                    if value == 0 and choice is None:
                        continue  # Focus and Counterspell only: the order changes nothing (supplement §5.9)
                    check(choice is not None, f"{e}: allies {allies} tied at {value} but not asked ({places})")
                    places.remove(choice)
                    other = next(s for s in allies if s != choice.seat)
                    first = group.index(choice.seat) < group.index(other)
                    check(first == (choice.place == 0), f"{e}: {choice} but {allies} went {group}")
                    COUNTS[f"same-team tie, seat {choice.seat} chose {choice.place}"] += 1
        check(not rolls and not places, f"{e}: rolls {rolls} or choices {places} left over")


def play_match(
    players: int, bot_ids: list[str], seed: int, books: list[list[str]] | None = None, low: float = 0.0
) -> Rare:
    """A whole match between bots. ``low``: at the start of a round, with this chance, every wizard still dueling
    is set to 1-4 Stamina, so that wizards often fall together (Counterspell, Chaos, Conflagration, Miasma)."""
    options = GAME.default_options(players)
    if books is not None:
        options = {"books": books, "book_names": ["Custom"] * players}
    state = GAME.setup(players, options, seed)
    model = Rare(state)
    bots = [make_bot(GAME, bot) for bot in bot_ids]
    rngs = [Rng(seed * 10 + seat) for seat in range(players)]
    dice = Rng(seed)
    lowered = [-1, -1, ""]

    def choose(seat: int):
        if low and state.stage in ("choose", "eor") and [state.duel, state.round, state.stage] != lowered:
            lowered[:] = [state.duel, state.round, state.stage]
            if dice.below(100) < low * 100:
                for wizard in state.wizards:
                    if wizard.dueling:
                        wizard.stamina = dice.randint(1, 4 if state.stage == "choose" else 2)
        return bots[seat].choose(GAME.view(state, seat), rngs[seat])

    drive(state, model, choose)
    return model


def drive(state, model: Rare, choose, until=None) -> list:
    """Play on with ``choose(seat)``, comparing every ordering choice offered with the model's."""
    told: list = []
    for _ in range(20000):
        if GAME.result(state) is not None or (until is not None and until(state, told)):
            return told
        legal = {seat: GAME.legal(state, seat) for seat in GAME.to_act(state)}
        expected = model.expected(state, legal)
        if expected is not None:
            offered = {c for cmds in legal.values() for c in cmds if isinstance(c, ORDERING)}
            check(offered == expected, f"offered {sorted(map(str, offered))}, mine {sorted(map(str, expected))}")
            COUNTS["choice points compared"] += bool(expected)
        seat = GAME.to_act(state)[0]
        command = choose(seat)
        model.command(command)
        for e in GAME.apply(state, command):
            model.event(e)
            told.append(e)
    raise Mismatch("no end")


@pytest.mark.parametrize(
    ("players", "bot_ids", "seeds", "low"),
    [
        (2, ["random", "random"], range(12), 0.0),
        (2, ["medium", "easy"], range(12, 20), 0.0),
        (2, ["medium", "easy"], range(20, 32), 0.4),
        (4, ["random"] * 4, range(20), 0.0),
        (4, ["random"] * 4, range(20, 40), 0.4),
        (4, ["easy", "medium", "medium", "random"], range(40, 52), 0.0),
        (4, ["easy", "medium", "medium", "random"], range(52, 64), 0.4),
    ],
)
def test_orderings_follow_the_rulebook(players: int, bot_ids: list[str], seeds, low: float) -> None:
    for seed in seeds:  # the premade books, then random legal ones
        play_match(players, bot_ids, seed, low=low)
        play_match(players, bot_ids, seed, books=legal_random_books(seed, players), low=low)


# --- scripted positions ------------------------------------------------------------------------------------------
def position(players: int, books: list[list[str]], sides: list[tuple[str, str]], seed: int = 1):
    """A match at round 1's choices with these side boards, followed by the model."""
    state = GAME.setup(players, {"books": books, "book_names": ["Custom"] * players}, seed)
    model = Rare(state)
    for seat in range(players):
        for e in GAME.apply(state, ev.ChooseSideBoard(seat, sides[seat])):
            model.event(e)
    assert state.stage == "choose" and state.round == 1
    return state, model


def lay(state, owner: int, card: str, targets: list[int], tokens: int, dial: int, reversed_: bool = False) -> None:
    """A lasting spell put in play by hand (as if cast in an earlier round), and so in the model."""
    from tabletop.games.thats_wizard.state import Lasting as TableLasting

    state.lasting.append(TableLasting(owner, card, targets, tokens, dial, reversed_, 0))
    state.wizards[owner].hand.remove(card)


def sync(state, model: Rare) -> None:
    model.lasting = {(x.owner, x.card): [list(x.targets), x.tokens] for x in state.lasting}
    model.stamina = [w.stamina for w in state.wizards]


def round_of(state, model: Rare, plays: dict[int, tuple[str, int] | None], answer=None) -> list:
    """One round: each seat's play (None: a pass), then ``answer(seat, legal)`` (default: the first offered) for
    every choice, up to the next round's choices or the end of the match."""
    start = (state.duel, state.round)
    told = []
    for seat, play in plays.items():
        command = ev.Play(seat, *play) if play else ev.Pass(seat)
        for e in GAME.apply(state, command):
            model.event(e)
            told.append(e)

    def choose(seat: int):
        legal = GAME.legal(state, seat)
        return (answer(seat, legal) if answer else None) or legal[0]

    return told + drive(state, model, choose, until=lambda s, _t: s.stage == "choose" and (s.duel, s.round) != start)


def public(told: list, kind) -> list:
    return [e for e in told if isinstance(e, kind) and e.to is None]


SILENT = ["stun", "silence", "paralyze", "explosion", "reflect", "shock", "portents"]
SEER = ["portents", "scry", "arithmancy", "grim_omen", "shock", "stun", "reflect"]
GUARD = ["reflect", "disarm", "dispel", "invisibility", "paralyze", "explosion", "stun"]
JINX = ["shock", "tongue_tie", "ignite", "confusion", "reflect", "stun", "paralyze"]
DUOS_BOOKS = [
    ["paralyze", "explosion", "regenerate", "reflect", "shock", "stun", "portents"],
    ["miasma", "stun", "silence", "share_pain", "fear", "reflect", "paralyze"],
    ["share_pain", "fear", "chaos", "mind_control", "transference", "energize", "miasma"],
    ["shock", "tongue_tie", "regenerate", "brittlebones", "portents", "scry", "arithmancy"],
]
DUOS_SIDES = [("stun", "portents"), ("silence", "fear"), ("mind_control", "miasma"), ("scry", "arithmancy")]
CHARM = ["stun", "silence", "levitate", "erase_memory", "shock", "explosion", "paralyze"]


def test_two_silences_on_one_wizard() -> None:
    """The opponent's Silence and one's own turned back: "each time the target casts a spell they take 2 Fatigue"
    (supplement, Silence), once per Silence; a countered spell is not cast (rulebook, Silence answer)."""
    state, model = position(2, [SILENT, SILENT], [("shock", "portents"), ("shock", "portents")])
    lay(state, 0, "silence", [1], 3, 3)
    lay(state, 1, "silence", [1], 3, 3, reversed_=True)
    sync(state, model)
    told = round_of(state, model, {0: ("focus", 0), 1: ("explosion", 3)})
    fatigue = [(e.seat, e.amount, e.kind) for e in public(told, ev.StaminaLost) if e.source == "silence"]
    assert fatigue == [(1, 2, "fatigue"), (1, 2, "fatigue")]
    assert state.wizards[1].stamina == 16 and state.wizards[0].stamina == 16
    told = round_of(state, model, {0: ("counterspell", 0), 1: ("explosion", 3)})
    assert not [e for e in public(told, ev.StaminaLost) if e.source == "silence"]
    assert state.wizards[1].stamina == 16  # countered: not cast, no Fatigue


def test_grim_omen_swaps_and_reversed_does_nothing() -> None:
    """Grim Omen swaps Stamina; no Embrace Pain answers it (supplement §5.8); reversed, "nothing happens"."""
    dark = ["paralyze", "explosion", "embrace_pain", "reflect", "share_pain", "portents", "death"]
    state, model = position(2, [SEER, dark], [("stun", "reflect"), ("portents", "death")])
    lay(state, 1, "embrace_pain", [1], 2, 3)
    state.wizards[0].stamina, state.wizards[1].stamina, state.wizards[1].power = 6, 18, 2
    sync(state, model)
    told = round_of(state, model, {0: ("grim_omen", 7), 1: ("focus", 0)})
    assert [(e.seat, e.target, e.stamina) for e in public(told, ev.StaminaSwapped)] == [(0, 1, (18, 6))]
    assert (state.wizards[0].stamina, state.wizards[1].stamina) == (18, 6)
    assert not [e for e in public(told, ev.PowerChanged) if e.source == "embrace_pain"]
    state.wizards[0].power = 10
    told = round_of(state, model, {0: ("grim_omen", 7), 1: ("reflect", 2)})
    assert not public(told, ev.StaminaSwapped)
    assert (state.wizards[0].stamina, state.wizards[1].stamina) == (18, 6)


def test_invisibility_against_counterspell_reflect_and_confusion() -> None:
    """An invisible wizard's spells "cannot be countered" (rulebook, Invisibility answer: the counterspeller still
    pays) and cannot be reversed, by Reflect or by Confusion (supplement, Invisibility, §5.6)."""
    state, model = position(2, [GUARD, JINX], [("paralyze", "stun"), ("stun", "paralyze")])
    lay(state, 0, "invisibility", [0], 3, 6)
    sync(state, model)
    told = round_of(state, model, {0: ("explosion", 3), 1: ("counterspell", 0)})
    assert not public(told, ev.Countered)
    assert (state.wizards[0].stamina, state.wizards[1].stamina) == (20, 20 - 1 - 4)
    state.wizards[0].power = 10
    told = round_of(state, model, {0: ("explosion", 3), 1: ("reflect", 2)})
    assert not public(told, ev.Reversed) and state.wizards[1].stamina == 15 - 4
    lay(state, 1, "confusion", [0], 2, 6)
    sync(state, model)
    state.wizards[0].power = 10
    told = round_of(state, model, {0: ("explosion", 3), 1: ("focus", 0)})
    assert not public(told, ev.Reversed) and state.wizards[1].stamina == 11 - 4 and state.wizards[0].stamina == 20


def test_erase_memory_can_leave_no_legal_play() -> None:
    """Erase Memory takes Focus and Counterspell from a wizard with no Power: "Since you have no legal cards to
    play, you may pass your turn" (rulebook, Erase Memory answer). The cards come back when it leaves play."""
    state, model = position(2, [CHARM, SILENT], [("shock", "paralyze"), ("shock", "portents")])
    state.wizards[1].power = 2

    def take_spells(seat, legal):
        return next(
            (c for c in legal if isinstance(c, ev.TakeCards) and not {"focus", "counterspell"} & set(c.cards)), None
        )

    told = round_of(state, model, {0: ("erase_memory", 7), 1: ("reflect", 2)}, answer=take_spells)
    assert public(told, ev.Reversed), "Reflect turns it back: the caster takes two of their own cards"
    taken = public(told, ev.CardsTaken)
    assert len(taken) == 1 and taken[0].seat == 0 and taken[0].target == 0
    assert not set(taken[0].cards) & set(state.wizards[0].hand)
    x = next(x for x in state.lasting if x.card == "erase_memory")
    assert (x.targets, sorted(x.under), x.tokens) == ([0], sorted(taken[0].cards), 1)
    # the next clean-up returns them
    round_of(state, model, {0: ("focus", 0), 1: ("focus", 0)})
    assert set(taken[0].cards) <= set(state.wizards[0].hand) and not state.lasting
    # now on the opponent, with no Power left: take Focus and Counterspell
    state.wizards[1].power = 0
    state.wizards[0].power = 10

    def take_specials(seat, legal):
        return next(
            (c for c in legal if isinstance(c, ev.TakeCards) and set(c.cards) == {"focus", "counterspell"}), None
        )

    told = round_of(state, model, {0: ("erase_memory", 7), 1: None}, answer=take_specials)
    assert [e.cards for e in public(told, ev.CardsTaken)] == [("focus", "counterspell")] or [
        sorted(e.cards) for e in public(told, ev.CardsTaken)
    ] == [["counterspell", "focus"]]
    assert not [c for c in GAME.legal(state, 1) if isinstance(c, ev.Play)]
    told = round_of(state, model, {seat: ("focus", 0) for seat in GAME.to_act(state) if seat == 0})
    shown = next(e for e in public(told, ev.Revealed)).plays
    assert not next(p for p in shown if p.seat == 1).legal  # a pass
    assert {"focus", "counterspell"} <= set(state.wizards[1].hand)  # Erase Memory left in that clean-up


def test_same_team_tie_either_ally_first() -> None:
    """Duos: allies with the same dial go "in any order of their choosing" (rulebook, Duos "Gameplay")."""
    books = [
        ["paralyze", "explosion", "embrace_pain", "conflagration", "shock", "stun", "reflect"],
        ["share_pain", "fear", "chaos", "portents", "regenerate", "stun", "reflect"],
        ["regenerate", "brittlebones", "molten_floor", "share_pain", "miasma", "portents", "scry"],
        ["shock", "tongue_tie", "ignite", "paralyze", "explosion", "energize", "silence"],
    ]
    sides = [("embrace_pain", "conflagration"), ("chaos", "fear"), ("molten_floor", "scry"), ("ignite", "silence")]
    for place in (0, 1):
        state, model = position(4, books, sides)
        asked = []

        def choose(seat, legal, place=place, asked=asked):
            if any(isinstance(c, ev.TakePlace) for c in legal) and seat % 2 == 0:
                asked.append(seat)
                return ev.TakePlace(seat, place)
            return None

        told = round_of(state, model, {0: ("shock", 2), 1: ("focus", 0), 2: ("share_pain", 2), 3: ("focus", 0)}, choose)
        order = public(told, ev.TurnOrder)[0].order
        assert len(asked) == 1 and asked[0] in (0, 2)
        chooser, other = asked[0], 2 - asked[0]
        allies = [s for s in order if s in (0, 2)]
        assert allies == ([chooser, other] if place == 0 else [other, chooser])


def test_end_of_round_after_a_duel_ended() -> None:
    """A duel ends in the round: its wizards' own end-of-round effects never happen; the other duel's do, and so
    does the Miasma of the wizard who just lost, on the opponent still dueling (rulebook, Duos "Winning")."""
    books, sides = DUOS_BOOKS, DUOS_SIDES
    for seed in range(6):  # different end-of-round rolls
        state, model = position(4, books, sides, seed=seed)
        lay(state, 0, "regenerate", [0], 1, 4)
        lay(state, 1, "miasma", [0, 2], 2, 2)
        lay(state, 3, "portents", [3], 2, 2)
        state.wizards[1].stamina = 1
        sync(state, model)
        told = round_of(state, model, {0: ("shock", 1), 1: ("focus", 0), 2: ("focus", 0), 3: ("shock", 3)})
        assert [(e.winner, e.loser) for e in public(told, ev.DuelWon)] == [(0, 1)]
        eor = [e for e in public(told, ev.DiceRolled) if e.reason == "end of round"]
        assert sorted(eor[0].seats) == [1, 2, 3]  # the Miasma's owner rolls though out of the duel
        miasma = [e.seat for e in public(told, ev.StaminaLost) if e.source == "miasma"]
        assert miasma == [2]
        assert not [e for e in public(told, ev.StaminaGained) if e.source == "regenerate"]
        assert not [e for e in public(told, ev.Focused) if e.seat == 1]


def test_counterspells_fell_both_wizards() -> None:
    """1 vs 1: both pay Counterspell with 1 Stamina left: they roll, and the winner's choice falls alone."""
    for first_choice in (0, 1):
        state, model = position(2, [SILENT, JINX], [("shock", "portents"), ("stun", "paralyze")], seed=first_choice)
        state.wizards[0].stamina = state.wizards[1].stamina = 1
        sync(state, model)
        told = round_of(
            state,
            model,
            {0: ("counterspell", 0), 1: ("counterspell", 0)},
            answer=lambda seat, legal, first=first_choice: (
                ev.ApplyFirst(seat, first) if isinstance(legal[0], ev.ApplyFirst) else None
            ),
        )
        assert [e.loser for e in public(told, ev.DuelWon)] == [first_choice]


def test_miasma_fells_two_across_the_duels() -> None:
    """A Miasma tick brings both its targets, in the two duels, to 0 at once: both duels end, each with one
    token for the Miasma's team; the Miasma owner's own Focus, due after it, never happens (their duel is over)."""
    books, sides = DUOS_BOOKS, DUOS_SIDES
    state, model = position(4, books, sides)
    lay(state, 1, "miasma", [0, 2], 2, 2)
    state.wizards[0].stamina = state.wizards[2].stamina = 1
    sync(state, model)
    told = round_of(state, model, {seat: ("focus", 0) for seat in range(4)})
    assert sorted(e.loser for e in public(told, ev.DuelWon)) == [0, 2]
    # both fallers are of one team, so the order changes no token: no roll is asked (as for a reversed
    # Conflagration, supplement §5.10)
    assert not [e for e in public(told, ev.DiceRolled) if e.reason not in ("end of round", "portents")]
    assert not [e for e in public(told, ev.Focused) if e.seat == 1]  # (the first choice offered: Miasma first)
