"""The ``greedy`` That's Wizard! bot: a heuristic that sees only its own seat's View.

It scores each legal play this round: a finisher that works now (Death at 11 Stamina or less, Mind Control on
low Power, Polymorph at 8, Disarm at 5, or Damage enough to end the duel) beats everything; then Damage per
Power spent, lasting spells not yet in force, and Focus when Power runs low. Counterspell and Reflect are timed
against what the opponent has shown it can do to the bot this round (a finisher in range, or Damage that would
end the duel), and Counterspell is dropped once its growing Stamina cost gets high.

Two habits keep a table of bots from going round in circles. A spell the opponent turned back with Reflect last
round is not aimed at them again at once, and once the duel has gone a few rounds without anyone falling to a
new lowest Stamina the bot mixes its play a little (its scores get a small, growing random share). And when the
duel is stalled (the rules then offer Concede and Offer draw, see ``resources.STALL_ROUNDS``) the bot gives up
what it cannot win. Its sense of progress, all read from its own view:

- *hopeless*: nothing it still holds in this duel (hand, in play, taken by Erase Memory) can hurt the opponent
  (``resources.can_hurt``: no Damage, Fatigue or Grim Omen, no forfeit spell with them in range, no Mind
  Control or Scry). It then offers a draw once (the rules allow an offer only then), and concedes the duel when
  the offer is refused;
- *stuck*: it can hurt, but ``2 * GIVE_UP`` rounds have gone by without anyone in the duel falling to a new
  lowest Stamina. It concedes when it has less Stamina than its opponent (with equal Stamina, after
  ``3 * GIVE_UP`` rounds), so two stuck bots always end the duel;
- it accepts every draw it may accept: the rules let only a wizard who cannot win accept one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.thats_wizard.cards import CARDS, COUNTERSPELL, FOCUS, FORFEIT_STAMINA, SPELL_SET, STAMINA_SPELLS
from tabletop.games.thats_wizard.events import (
    AnswerDraw,
    ChoosePairing,
    ChooseSideBoard,
    Concede,
    KeepSpell,
    OfferDraw,
    Pass,
    Play,
    RemoveToken,
    TakeCards,
    TakePlace,
    Transfer,
)
from tabletop.games.thats_wizard.resources import STALL_ROUNDS, can_hurt, quiet_rounds, tax
from tabletop.games.thats_wizard.rules import suggestion
from tabletop.games.thats_wizard.state import ThatsWizardState
from tabletop.games.thats_wizard.view import ThatsWizardView

GIVE_UP = 3 * STALL_ROUNDS  # rounds without progress after which a bot that can still hurt its foe gives up
RESTLESS = 3  # rounds without progress after which the bot starts to mix its play
RESTLESS_NOISE = 2.0  # the random share of a score, per round without progress beyond RESTLESS...
RESTLESS_MOST = 12.0  # ...up to this much (a finisher, at 90 and more, always stays first)

# Spells aimed at the opponent (Reflect turns them back).
AIMED = frozenset(card for card, known in CARDS.items() if known.target in ("opponent", "both"))

# The spells ``finisher`` can score (it gives 0 for every other).
FINISHERS = frozenset(FORFEIT_STAMINA) | {"mind_control"}
# The spells ``lasting_value`` weighs: the lasting ones, and a few quick ones worth something beyond Damage.
VALUED_LATER = frozenset(card for card, known in CARDS.items() if known.lasting) | {
    "stun",
    "energize",
    "transference",
    "scry",
    "dispel",
}

PASS_SCORE = 0.5  # a plain pass: better than a play that only hurts the bot, worse than any useful one
# How much a spell is worth in hand, for side boards, Scry and Erase Memory.
WORTH = {
    "death": 9,
    "explosion": 8,
    "conflagration": 8,
    "mind_control": 7,
    "polymorph": 7,
    "shock": 7,
    "chaos": 7,
    "disarm": 6,
    "share_pain": 6,
    "ignite": 6,
    "shrink": 6,
    "molten_floor": 6,
    "reflect": 5,
    "brittlebones": 5,
    "embrace_pain": 5,
    "tongue_tie": 5,
    "paralyze": 5,
    "levitate": 5,
    "imprison": 5,
    "stun": 5,
    "arithmancy": 5,
    "miasma": 5,
    "fear": 4,
    "silence": 4,
    "portents": 4,
    "regenerate": 4,
    "confusion": 4,
    "erase_memory": 4,
    "energize": 4,
    "grim_omen": 4,
    "dispel": 3,
    "invisibility": 3,
    "transference": 3,
    "nevermore": 3,
    "scry": 3,
    FOCUS: 8,
    COUNTERSPELL: 7,
}
# Lasting spells whose effect on the bot hurts most, for Dispel.
HARM = {
    "ignite": 10,
    "levitate": 8,
    "paralyze": 8,
    "brittlebones": 7,
    "erase_memory": 7,
    "tongue_tie": 6,
    "imprison": 6,
    "molten_floor": 6,
    "confusion": 6,
    "fear": 5,
    "silence": 5,
    "miasma": 4,
    "embrace_pain": 4,
    "invisibility": 4,
    "portents": 3,
    "regenerate": 2,
}


# --- what the bot reads ---------------------------------------------------------------------------------------
# The bot reads a seat's View; in the search's playouts it reads the sampled state itself (``StateTable``), which
# holds the same values under the same names, so no View is built at every step of a playout.


class SeenWizard(Protocol):
    @property
    def stamina(self) -> int: ...
    @property
    def power(self) -> int: ...
    @property
    def streak(self) -> int: ...
    @property
    def offered(self) -> int: ...
    @property
    def seen(self) -> Sequence[str]: ...


class SeenLasting(Protocol):
    @property
    def owner(self) -> int: ...
    @property
    def card(self) -> str: ...
    @property
    def targets(self) -> Sequence[int]: ...
    @property
    def tokens(self) -> int: ...
    @property
    def under(self) -> Sequence[str]: ...


class SeenPlay(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def card(self) -> str | None: ...
    @property
    def reversed_by(self) -> str: ...


class SeenPrompt(Protocol):
    """What the bot reads of a choice the rules wait for: whose hand or spells it works on."""

    @property
    def target(self) -> int: ...


class Table(Protocol):
    """All the greedy bot reads: a ``ThatsWizardView`` is one, and so is a ``StateTable``."""

    @property
    def seat(self) -> int: ...
    @property
    def book(self) -> Sequence[str]: ...
    @property
    def hand(self) -> Sequence[str]: ...
    @property
    def wizards(self) -> Sequence[SeenWizard]: ...
    @property
    def lasting(self) -> Sequence[SeenLasting]: ...
    @property
    def last_plays(self) -> Sequence[SeenPlay]: ...
    @property
    def paralyzed(self) -> Sequence[int]: ...
    @property
    def tax(self) -> int: ...
    @property
    def suggestion(self) -> Command | None: ...
    @property
    def prompt(self) -> SeenPrompt | None: ...
    def opponent(self, seat: int) -> int | None: ...
    def ally(self, seat: int) -> int | None: ...
    def quiet(self, seat: int) -> int: ...


class StateTable:
    """A seat's reading of a full state, for playouts: the public values it shares with every seat, and this
    seat's own hand and book, read in place. (In a sampled world nothing is secret from the search anyway; the
    bot reads only what its View would show.)"""

    def __init__(self, state: ThatsWizardState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.book = state.books[seat]
        self.hand = state.wizards[seat].hand
        self.wizards = state.wizards
        self.lasting = state.lasting
        self.last_plays = state.last_plays
        self.paralyzed = state.paralyzed
        self.tax = tax(state, seat) if state.lasting else 0

    @property
    def suggestion(self) -> Command | None:
        return suggestion(self.state, self.seat) if self.state.prompt is not None else None

    @property
    def prompt(self) -> SeenPrompt | None:
        return self.state.prompt

    def opponent(self, seat: int) -> int | None:
        return self.state.opponent(seat)

    def ally(self, seat: int) -> int | None:
        return self.state.ally(seat)

    def quiet(self, seat: int) -> int:
        other = self.state.opponent(seat)
        if other is None:
            return 0
        wizards = self.state.wizards
        return quiet_rounds(self.state.round, (wizards[seat].low_round, wizards[other].low_round))


# What ``damage`` expects a spell to take from the opponent: (Damage or Fatigue, its bonus), from the dial, the
# opponent, and the bonuses Brittlebones and Fear give each instance on them.
DAMAGE_GUESS: dict[str, Callable[[int, SeenWizard, int, int], tuple[float, int]]] = {
    "explosion": lambda dial, foe, brittle, fear: (dial + 1, brittle),
    "shock": lambda dial, foe, brittle, fear: (dial + 0.5, brittle),
    "chaos": lambda dial, foe, brittle, fear: (dial + 0.8, brittle),
    "conflagration": lambda dial, foe, brittle, fear: (2 * (dial - 3), 2 * brittle),
    "arithmancy": lambda dial, foe, brittle, fear: (dial / 2 + 1.5, brittle),
    "share_pain": lambda dial, foe, brittle, fear: (dial + 0.3, fear),
    "shrink": lambda dial, foe, brittle, fear: (foe.stamina // 2, fear),
    "stun": lambda dial, foe, brittle, fear: (max(0, dial + 2 - foe.power), brittle if dial + 2 > foe.power else 0),
}


def bot_moves(legal: Sequence[Command]) -> list[Command]:
    """What a bot weighs: every legal command but a pass that shows a card (the plain pass does the same and
    tells the foe nothing; see ``tabletop.bots.moves``)."""
    return [command for command in legal if not (isinstance(command, Pass) and command.card is not None)]


class GreedyBot:
    id = "greedy"

    def choose(self, view: View, rng: Rng) -> Command:
        assert isinstance(view, ThatsWizardView)
        return self.decide(view, list(view.legal), rng)

    def decide(self, view: Table, legal: list[Command], rng: Rng) -> Command:
        """The bot's move among ``legal`` (the View's, or those a playout offers: the same less the passes that
        show a card, which the bot never plays and draws nothing for)."""
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, ChooseSideBoard):
            return self.side_board(view, legal)
        if isinstance(first, (Play, Pass)):
            return self.stall_move(view, legal) or self.play(view, legal, rng)
        if isinstance(first, AnswerDraw):
            return AnswerDraw(view.seat, AnswerDraw(view.seat, True) in legal)  # allowed only if it cannot win
        # A Dispel or an Erase Memory turned back by Reflect works on its caster's side: then the least is lost
        # (the bot took the tokens off its own Ignite, about to deal 6, and locked away its own Explosion)
        if isinstance(first, RemoveToken):
            pick = min if first.owner in (view.seat, view.ally(view.seat)) else max
            return pick(legal, key=lambda c: HARM.get(c.card, 1) if isinstance(c, RemoveToken) else 0)
        if isinstance(first, TakeCards):
            prompt = view.prompt
            pick = min if prompt is not None and prompt.target in (view.seat, view.ally(view.seat)) else max
            return pick(legal, key=lambda c: sum(WORTH.get(x, 3) for x in c.cards) if isinstance(c, TakeCards) else 0)
        if isinstance(first, KeepSpell):
            return max(legal, key=lambda c: WORTH.get(c.card, 3) if isinstance(c, KeepSpell) else 0)
        if isinstance(first, Transfer):
            return self.transfer(view, legal)
        if isinstance(first, ChoosePairing):
            return rng.choice(legal)
        return view.suggestion if view.suggestion in legal else legal[0]

    # --- before a duel -------------------------------------------------------------------------------------
    def side_board(self, view: Table, legal: list[Command]) -> Command:
        """Set aside the two weakest spells (finishers are kept only with Damage to bring the foe in range)."""

        def kept_worth(command: Command) -> float:
            assert isinstance(command, ChooseSideBoard)
            hand = [card for card in view.book if card not in command.cards]
            total = sum(WORTH.get(card, 3) for card in hand)
            if not any(card in STAMINA_SPELLS for card in hand):
                total -= 6  # nothing left to take Stamina: the duel could only be won by a forfeit
            return total

        return max(legal, key=kept_worth)

    # --- a stalled duel ---------------------------------------------------------------------------------------
    def stall_move(self, view: Table, legal: list[Command]) -> Command | None:
        """Concede or offer a draw when this duel cannot be won (see the module docstring); None: play on."""
        me = view.seat
        concede, offer = Concede(me), OfferDraw(me)
        if Concede not in map(type, legal) or concede not in legal:  # (the types first: a quicker look)
            return None  # the duel is not stalled
        if self.hopeless(view):
            if view.wizards[me].offered == 0 and offer in legal:
                return offer
            return concede
        quiet = view.quiet(me)
        other = view.opponent(me)
        if other is None or quiet < 2 * GIVE_UP:
            return None
        mine, theirs = view.wizards[me].stamina, view.wizards[other].stamina
        if mine < theirs or (mine == theirs and quiet >= 3 * GIVE_UP):
            return concede
        return None

    def hopeless(self, view: Table) -> bool:
        """Nothing the bot still holds in this duel can hurt its opponent (``resources.can_hurt``)."""
        me, other = view.seat, view.opponent(view.seat)
        if other is None:
            return False
        mine = list(view.hand)
        for item in view.lasting:
            if item.owner == me:
                mine.append(item.card)
            if item.targets and item.targets[0] == me:
                mine.extend(item.under)
        return not can_hurt(mine, view.wizards[other].stamina)

    # --- the round's play ------------------------------------------------------------------------------------
    def play(self, view: Table, legal: list[Command], rng: Rng) -> Command:
        """The best scored play, with a tie-break; a duel going round in circles gets a growing random share."""
        best, best_score = legal[0], -1.0
        restless = min(RESTLESS_MOST, max(0, view.quiet(view.seat) - RESTLESS) * RESTLESS_NOISE)
        share = 0.1 + restless
        sight = Sight(self, view)
        below, score_of = rng.below, self.score  # (looked up once: a search's playouts decide here at every round)
        for command in legal:
            if type(command) is Play:  # (no command class is subclassed)
                score = score_of(sight, command)
            elif type(command) is Pass and not command.card:
                score = PASS_SCORE
            else:  # Concede and Offer draw are decided in ``stall_move``; showing a card to pass only tells the foe
                continue
            score += below(1000) / 1000 * share
            if score > best_score:
                best, best_score = command, score
        return best

    def score(self, sight: Sight, command: Play) -> float:
        other = sight.other
        if other is None:
            return 0.0
        view, me = sight.view, sight.me
        card, dial = command.card, command.dial
        cost = dial + (view.tax if card in SPELL_SET else 0)
        left = me.power - cost
        # The threat is worked out only where it counts (the bot's costliest reading, once per Power left).
        if card == FOCUS:
            return self.focus_score(me.power, sight.threat(left))
        if card == COUNTERSPELL:
            if self.lasting_on(view, other, "invisibility"):
                return -5.0
            price = 1 + me.streak
            if price >= me.stamina or me.streak >= 2:
                return -5.0
            return sight.threat(left) - price * 2.5
        if card == "reflect":
            return sight.threat(left) * 0.8 - 2.0
        if card in sight.reflected:
            return PASS_SCORE - 0.25  # they turned it back last round and may well again: try something else
        if card in FINISHERS:
            finish = self.finisher(view, card, dial, other)
            if finish:
                return finish
        damage = sight.damage(card, dial)
        if damage >= sight.foe.stamina:
            return 90.0
        score = damage * 3.0 - cost * 0.7
        if card in VALUED_LATER:
            score += self.lasting_value(view, card, dial, other)
        if left < 3 and sight.threat(left) > 0:
            score -= 3.0
        return score

    def finisher(self, view: Table, card: str, dial: int, other: int) -> float:
        foe = view.wizards[other]
        if card in FORFEIT_STAMINA and foe.stamina <= FORFEIT_STAMINA[card]:
            return 100.0 if card == "death" else 95.0
        if card == "mind_control" and foe.power <= dial - 8:
            return 97.0 - dial  # the cheapest dial that works
        return 0.0

    def lasting_value(self, view: Table, card: str, dial: int, other: int) -> float:
        if card not in VALUED_LATER:
            return 0.0
        known = CARDS[card]
        if card == "dispel":
            tokens = sum(i.tokens for i in view.lasting if i.owner == other)
            return min(tokens, dial - 1) * 1.5
        if card in ("stun", "energize"):
            return 2.0
        if card in ("transference", "scry"):
            return 1.0
        target = view.seat if known.target == "self" else other
        if self.lasting_on(view, target, card):
            return -5.0  # already in force
        rounds = known.tokens(dial) if known.lasts else 1
        return 4.0 + 1.2 * rounds + (3.0 if card in ("ignite", "levitate") else 0.0)

    @staticmethod
    def focus_score(power: int, threat: float) -> float:
        """Focus does all a plain pass does and refills Power, so below 10 Power it always beats passing (a bot at
        0 Power that passed for fear of a threat would pass for ever)."""
        if power >= 10:
            return -threat * 0.5
        return max(PASS_SCORE + 0.5, (10 - power) * 1.6 - threat * 0.5)

    def threat(self, view: Table, other: int, my_power_left: int) -> float:
        """How badly the opponent can hurt the bot this round, from what they have shown and can pay.

        A paralyzed opponent takes no turn, and an opponent must pay for a spell (Tongue Tie's tax included): at 0
        Power they cast nothing at all."""
        if other in view.paralyzed:
            return 0.0
        me = view.wizards[view.seat]
        foe = view.wizards[other]
        seen = set(foe.seen)
        spend = foe.power - 2 * sum(1 for i in view.lasting if i.card == "tongue_tie" and other in i.targets)
        threat = 0.0
        if "death" in seen and me.stamina <= 11 and spend >= 10:
            threat = max(threat, 60.0)
        if "polymorph" in seen and me.stamina <= 8 and spend >= 6:
            threat = max(threat, 55.0)
        if "disarm" in seen and me.stamina <= 5 and spend >= 2:
            threat = max(threat, 55.0)
        if "mind_control" in seen and my_power_left <= 2 and spend >= 8 + my_power_left:
            threat = max(threat, 55.0)
        if self.burst(seen, spend) >= me.stamina:
            threat = max(threat, 40.0)
        return threat

    @staticmethod
    def burst(seen: set[str], spend: int) -> int:
        """The most Damage the opponent can deal this round with ``spend`` Power: an Explosion they have shown, or
        a cheap Shock-like spell they may hold; nothing when they cannot pay for a spell."""
        if "explosion" in seen and spend >= 3:
            return min(spend, 5) + 1
        if spend >= 1:
            return min(spend, 3) + 1
        return 0

    @staticmethod
    def lasting_on(view: Table, seat: int, card: str) -> bool:
        return any(i.card == card and seat in i.targets for i in view.lasting)

    # --- choices at resolution ----------------------------------------------------------------------------------
    def transfer(self, view: Table, legal: list[Command]) -> Command:
        me = view.wizards[view.seat]
        ally = view.ally(view.seat)
        theirs = view.wizards[ally].stamina if ally is not None else me.stamina
        wanted = max(1, (me.stamina - theirs) // 2)
        return min(legal, key=lambda c: abs(c.amount - wanted) if isinstance(c, Transfer) else 99)


class Sight:
    """What every play's score reads of one decision, gathered once: the bot, its opponent (None: every play
    scores 0), the cards of the bot turned back last round, the opponent's threat by the Power a play leaves, and
    the bonuses Brittlebones and Fear on the opponent give each instance of Damage or Fatigue (read once)."""

    def __init__(self, bot: GreedyBot, view: Table) -> None:
        self.bot = bot
        self.view = view
        seat = view.seat
        self.me = view.wizards[seat]
        self.other = view.opponent(seat)
        self.foe = view.wizards[self.other if self.other is not None else seat]
        self.reflected = {p.card for p in view.last_plays if p.seat == seat and p.reversed_by == "reflect"} & AIMED
        self._threats: dict[int, float] = {}
        self._bonuses: tuple[int, int] | None = None

    def damage(self, card: str, dial: int) -> float:
        """What playing ``card`` at ``dial`` is expected to take from the opponent (``DAMAGE_GUESS``)."""
        guess = DAMAGE_GUESS.get(card)
        if guess is None:
            return 0.0
        if self._bonuses is None:
            lasting, other = self.view.lasting, self.other
            brittle = 2 * sum(1 for i in lasting if i.card == "brittlebones" and other in i.targets)
            fear = 2 * sum(1 for i in lasting if i.card == "fear" and other in i.targets)
            self._bonuses = brittle, fear
        brittle, fear = self._bonuses
        amount, bonus = guess(dial, self.foe, brittle, fear)
        return amount + bonus if amount > 0 else 0.0

    def threat(self, left: int) -> float:
        """``GreedyBot.threat`` for a play that leaves ``left`` Power."""
        assert self.other is not None
        found = self._threats.get(left)
        if found is None:
            found = self._threats[left] = self.bot.threat(self.view, self.other, left)
        return found


BOT_TYPES = {"greedy": GreedyBot}
_PLAYOUT_BOT = GreedyBot()


def playout_policy(game: Any, state: ThatsWizardState, seat: int, legal: list[Command], rng: Rng) -> Command:
    """The Hard bot's playouts: ``heuristic_policy(GreedyBot())`` of ``tabletop.bots.ismcts`` (any move one time
    in five, else the greedy bot's), the same moves from the same draws, read from the state in place of a View."""
    if len(legal) == 1:
        return legal[0]
    if rng.below(1000) < 200:
        return legal[rng.below(len(legal))]
    return _PLAYOUT_BOT.decide(StateTable(state, seat), legal, rng)


def paired_choice(view: Any, legal: list[Command]) -> bool:
    """The Hard bot plays out paired (``SearchSettings.paired_choice``) a choice of place in the turn order: its
    moves differ by a detail (a Shock going first deals 1 Damage more), which a tree's playouts, each a different
    world, did not see (it gave the +1 up for nothing about a time in five)."""
    return bool(legal) and all(isinstance(command, TakePlace) for command in legal)


def duels_finished(state: ThatsWizardState) -> int:
    """A paired choice's horizon (``SearchSettings.choice_horizon``): the duels over so far, in Duos the sets (both
    duels of one). Whatever follows, the next begins as it would have (Stamina and Power back, the hands dealt
    again). In Duos a duel that ends leaves the other of its set going on, the chooser's own perhaps: the count of
    duels won cut 58 playouts in 100 of Duos choices there, before the +1 Damage it weighs had told."""
    return state.duel - 1 + (state.stage == "between")  # ("between": no wizard duels any more)


def settled_value(state: ThatsWizardState, seat: int) -> float:
    """The search's reward (``ISMCTSBot.reward``, score scale 2) for ``seat`` from the victory tokens alone, each
    duel still to come a coin toss: what a duel's end is worth to the choice that brought it about."""
    team = state.team(seat)
    mine, theirs = state.tokens[team], state.tokens[1 - team]
    need, foe_needs = max(0, state.win_target - mine), max(0, state.win_target - theirs)
    margin = 0.5 + 0.5 * math.tanh((mine - theirs) / 2.0)
    return 0.85 * first_to(need, foe_needs) + 0.15 * margin


def first_to(need: int, foe_needs: int) -> float:
    """The chance to win ``need`` coin tosses before the foe wins ``foe_needs``."""
    if need == 0 or foe_needs == 0:
        return 1.0 if need == 0 else 0.0
    return sum(math.comb(need - 1 + lost, lost) * 0.5 ** (need + lost) for lost in range(foe_needs))
