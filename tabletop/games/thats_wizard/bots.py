"""The ``greedy`` That's Wizard! bot: a heuristic that sees only its own seat's View.

It scores each legal play this round: a finisher that works now (Death at 11 Stamina or less, Mind Control on
low Power, Polymorph at 8, Disarm at 5, or Damage enough to end the duel) beats everything; then Damage per
Power spent, lasting spells not yet in force, and Focus when Power runs low. Counterspell and Reflect are timed
against what the opponent has shown it can do to the bot this round (a finisher in range, or Damage that would
end the duel), and Counterspell is dropped once its growing Stamina cost gets high.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.thats_wizard.cards import CARDS, COUNTERSPELL, FOCUS
from tabletop.games.thats_wizard.events import (
    ChoosePairing,
    ChooseSideBoard,
    KeepSpell,
    Pass,
    Play,
    RemoveToken,
    TakeCards,
    Transfer,
)
from tabletop.games.thats_wizard.view import ThatsWizardView

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


def bot_moves(legal: Sequence[Command]) -> list[Command]:
    """What a bot weighs: every legal command but a pass that shows a card (the plain pass does the same and
    tells the foe nothing; see ``tabletop.bots.moves``)."""
    return [command for command in legal if not (isinstance(command, Pass) and command.card is not None)]


class GreedyBot:
    id = "greedy"

    def choose(self, view: View, rng: Rng) -> Command:
        assert isinstance(view, ThatsWizardView)
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, ChooseSideBoard):
            return self.side_board(view, legal)
        if isinstance(first, (Play, Pass)):
            return self.play(view, legal, rng)
        if isinstance(first, RemoveToken):
            return max(legal, key=lambda c: HARM.get(c.card, 1) if isinstance(c, RemoveToken) else 0)
        if isinstance(first, TakeCards):
            return max(legal, key=lambda c: sum(WORTH.get(x, 3) for x in c.cards) if isinstance(c, TakeCards) else 0)
        if isinstance(first, KeepSpell):
            return max(legal, key=lambda c: WORTH.get(c.card, 3) if isinstance(c, KeepSpell) else 0)
        if isinstance(first, Transfer):
            return self.transfer(view, legal)
        if isinstance(first, ChoosePairing):
            return rng.choice(legal)
        return view.suggestion if view.suggestion in legal else legal[0]

    # --- before a duel -------------------------------------------------------------------------------------
    def side_board(self, view: ThatsWizardView, legal: list[Command]) -> Command:
        """Set aside the two weakest spells (finishers are kept only with Damage to bring the foe in range)."""

        def kept_worth(command: Command) -> float:
            assert isinstance(command, ChooseSideBoard)
            hand = [card for card in view.book if card not in command.cards]
            total = sum(WORTH.get(card, 3) for card in hand)
            damage = sum(1 for card in hand if card in ("explosion", "shock", "chaos", "share_pain", "ignite"))
            if damage == 0:
                total -= 6
            return total

        return max(legal, key=kept_worth)

    # --- the round's play ------------------------------------------------------------------------------------
    def play(self, view: ThatsWizardView, legal: list[Command], rng: Rng) -> Command:
        best, best_score = legal[0], -1.0
        for command in legal:
            score = self.score(view, command) + rng.below(100) / 1000
            if score > best_score:
                best, best_score = command, score
        return best

    def score(self, view: ThatsWizardView, command: Command) -> float:
        if isinstance(command, Pass):
            return 0.5 if command.card is None else 0.0  # showing a card to pass only tells the foe about it
        assert isinstance(command, Play)
        me = view.wizards[view.seat]
        other = view.opponent(view.seat)
        if other is None:
            return 0.0
        foe = view.wizards[other]
        card, dial = command.card, command.dial
        cost = dial + (view.tax if CARDS[card].is_spell else 0)
        left = me.power - cost
        threat = self.threat(view, other, left)
        if card == FOCUS:
            return (10 - me.power) * 1.6 - (threat * 0.5)
        if card == COUNTERSPELL:
            if self.lasting_on(view, other, "invisibility"):
                return -5.0
            price = 1 + me.streak
            if price >= me.stamina or me.streak >= 2:
                return -5.0
            return threat - price * 2.5
        if card == "reflect":
            return threat * 0.8 - 2.0
        finish = self.finisher(view, card, dial, other)
        if finish:
            return finish
        damage = self.damage(view, card, dial, other)
        if damage >= foe.stamina:
            return 90.0
        score = damage * 3.0 - cost * 0.7
        score += self.lasting_value(view, card, dial, other)
        if left < 3 and threat > 0:
            score -= 3.0
        return score

    def finisher(self, view: ThatsWizardView, card: str, dial: int, other: int) -> float:
        foe = view.wizards[other]
        if card == "death" and foe.stamina <= 11:
            return 100.0
        if card == "polymorph" and foe.stamina <= 8:
            return 95.0
        if card == "disarm" and foe.stamina <= 5:
            return 95.0
        if card == "mind_control" and foe.power <= dial - 8:
            return 97.0 - dial  # the cheapest dial that works
        return 0.0

    def damage(self, view: ThatsWizardView, card: str, dial: int, other: int) -> float:
        brittle = 2 * sum(1 for i in view.lasting if i.card == "brittlebones" and other in i.targets)
        fear = 2 * sum(1 for i in view.lasting if i.card == "fear" and other in i.targets)
        foe = view.wizards[other]
        base = {
            "explosion": (dial + 1, brittle),
            "shock": (dial + 0.5, brittle),
            "chaos": (dial + 0.8, brittle),
            "conflagration": (2 * (dial - 3), 2 * brittle),
            "arithmancy": (dial / 2 + 1.5, brittle),
            "share_pain": (dial + 0.3, fear),
            "shrink": (foe.stamina // 2, fear),
            "stun": (max(0, dial + 2 - foe.power), brittle if dial + 2 > foe.power else 0),
        }.get(card)
        if base is None:
            return 0.0
        amount, bonus = base
        return amount + bonus if amount > 0 else 0.0

    def lasting_value(self, view: ThatsWizardView, card: str, dial: int, other: int) -> float:
        known = CARDS[card]
        if not known.lasting and card not in ("stun", "energize", "transference", "scry", "dispel"):
            return 0.0
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

    def threat(self, view: ThatsWizardView, other: int, my_power_left: int) -> float:
        """How badly the opponent can hurt the bot this round, from what they have shown and can pay."""
        me = view.wizards[view.seat]
        foe = view.wizards[other]
        seen = set(foe.seen)
        power = foe.power
        threat = 0.0
        if "death" in seen and me.stamina <= 11 and power >= 10:
            threat = max(threat, 60.0)
        if "polymorph" in seen and me.stamina <= 8 and power >= 6:
            threat = max(threat, 55.0)
        if "disarm" in seen and me.stamina <= 5 and power >= 2:
            threat = max(threat, 55.0)
        if "mind_control" in seen and my_power_left <= 2 and power >= 8 + my_power_left:
            threat = max(threat, 55.0)
        burst = min(power, 5) + 1 if "explosion" in seen else min(power, 3) + 1
        if burst >= me.stamina:
            threat = max(threat, 40.0)
        return threat

    @staticmethod
    def lasting_on(view: ThatsWizardView, seat: int, card: str) -> bool:
        return any(i.card == card and seat in i.targets for i in view.lasting)

    # --- choices at resolution ----------------------------------------------------------------------------------
    def transfer(self, view: ThatsWizardView, legal: list[Command]) -> Command:
        me = view.wizards[view.seat]
        ally = view.ally(view.seat)
        theirs = view.wizards[ally].stamina if ally is not None else me.stamina
        wanted = max(1, (me.stamina - theirs) // 2)
        return min(legal, key=lambda c: abs(c.amount - wanted) if isinstance(c, Transfer) else 99)


BOT_TYPES = {"greedy": GreedyBot}
