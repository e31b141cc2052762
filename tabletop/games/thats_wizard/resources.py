"""Stamina, Power, dice, lasting effects in force, and the end of a duel.

Every change of Stamina or Power goes through here, so the bounds (Stamina 0-20, Power 0-10), the bonuses of
Brittlebones and Fear, Embrace Pain, Imprison and elimination are applied in one place. A wizard who reaches
0 Stamina, or forfeits, loses the duel at once (``end_duel``).

What the app adds to the rulebook: a duel in which nobody can hurt anyone any more would never end, so each
wizard's lowest Stamina of the duel is kept, and once ``STALL_ROUNDS`` whole rounds pass without either wizard
of a duel falling below their lowest, the duel is *stalled*: its wizards may concede it, and one who holds no
spell that can still hurt their opponent (``can_hurt``) may offer a draw, which every other wizard must accept,
and only one still dueling who cannot win either may: a draw is for a match the rules can no longer decide.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Literal

from tabletop.core.protocol import Event
from tabletop.games.thats_wizard.cards import (
    CARDS,
    CROSS_DUEL,
    FORFEIT_STAMINA,
    MAX_POWER,
    MAX_STAMINA,
    STAMINA_SPELLS,
)
from tabletop.games.thats_wizard.events import (
    Conceded,
    DiceRolled,
    DuelWon,
    Forfeited,
    LastingEnded,
    MatchDrawn,
    MatchWon,
    PowerChanged,
    StaminaGained,
    StaminaLost,
    shared,
)
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.state import Lasting, ThatsWizardState
from tabletop.i18n import N_

STALL_ROUNDS = 10  # whole rounds without a new lowest Stamina in a duel before it counts as stalled

# --- lasting effects in force ----------------------------------------------------------------------------


def count(state: ThatsWizardState, card: str, seat: int) -> int:
    if not state.lasting:  # the usual case, asked at every step
        return 0
    found = 0
    for item in state.lasting:  # (a plain loop: ``sum`` of a generator costs more, for the few spells in play)
        if item.card == card and seat in item.targets:
            found += 1
    return found


def tax(state: ThatsWizardState, seat: int) -> int:
    """Tongue Tie: the extra Power every spell of ``seat`` costs."""
    return 2 * count(state, "tongue_tie", seat)


def invisible(state: ThatsWizardState, seat: int) -> bool:
    return count(state, "invisibility", seat) > 0


def confused(state: ThatsWizardState, seat: int) -> bool:
    return count(state, "confusion", seat) > 0


def imprisoned(state: ThatsWizardState, seat: int) -> bool:
    return count(state, "imprison", seat) > 0


def paralyzed(state: ThatsWizardState, seat: int) -> bool:
    return count(state, "paralyze", seat) > 0


def alive(state: ThatsWizardState, seat: int | None) -> bool:
    return seat is not None and state.wizards[seat].dueling


# Why a play is illegal. The rules keep the reason in the state and its events in English (a save reads the same
# in every language); ``reason_text`` gives it in the language shown.
NO_SUCH_CARD = N_("There is no such card.")
NOT_IN_HAND = N_("{card} is not in your hand.")
ONE_DIAL = N_("{card} is played with the dial at {dial}.")
DIALS = N_("{card} takes a Spell Power of {dials}.")
OVER_TEN = N_("{card} at {dial} would cost {cost} Power with Tongue Tie: nothing can cost more than 10.")
TOO_DEAR_TAXED = N_("{card} at {dial} costs {cost} Power ({dial} + {extra} for Tongue Tie); you have {power}.")
TOO_DEAR = N_("{card} at {dial} costs {cost} Power; you have {power}.")
NO_ALLY = N_("{card} needs an ally who is still dueling.")
PROBLEMS = (NO_SUCH_CARD, NOT_IN_HAND, ONE_DIAL, DIALS, OVER_TEN, TOO_DEAR_TAXED, TOO_DEAR, NO_ALLY)


def play_problem(
    card: str, dial: int, hand: list[str] | tuple[str, ...], power: int, extra: int, ally_dueling: bool
) -> str | None:
    """Why playing ``card`` at ``dial`` would be an illegal play (in English: see ``reason_text``), or None when
    it is legal.

    Shared by the rules and the table (which has only a View), so the dial can say why a value is refused.
    """
    known = CARDS.get(card)
    if known is None:
        return NO_SUCH_CARD
    title = known.name_en
    if card not in hand:
        return NOT_IN_HAND.format(card=title)
    if dial not in known.dials:
        if len(known.dials) == 1:
            return ONE_DIAL.format(card=title, dial=known.dials[0])
        return DIALS.format(card=title, dials=known.dial_text_en)
    cost = dial + (extra if known.is_spell else 0)
    if cost > MAX_POWER:
        return OVER_TEN.format(card=title, dial=dial, cost=cost)
    if cost > power:
        if extra and known.is_spell:
            return TOO_DEAR_TAXED.format(card=title, dial=dial, cost=cost, extra=extra, power=power)
        return TOO_DEAR.format(card=title, dial=dial, cost=cost, power=power)
    if known.target == "ally" and not ally_dueling:
        return NO_ALLY.format(card=title)
    return None


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """``template`` as a pattern that reads its values back out of an English reason."""
    parts, seen = [], set()
    for text, field, _spec, _conversion in string.Formatter().parse(template):
        parts.append(re.escape(text))
        if field is None:
            continue
        parts.append(f"(?P={field})" if field in seen else f"(?P<{field}>.+?)")
        seen.add(field)
    return re.compile("".join(parts) + "$")


CARD_BY_NAME = {card.name_en: card for card in CARDS.values()}


def reason_text(reason: str) -> str:
    """An illegal play's reason (``play_problem``'s English, as the state keeps it) in the language shown; a
    reason that is none of those (a plain pass) as it is."""
    for template in PROBLEMS:
        found = _pattern(template).match(reason)
        if found is None:
            continue
        values = found.groupdict()
        known = CARD_BY_NAME.get(values.get("card", ""))
        if known is not None:
            values["card"] = known.name
            if "dials" in values:
                values["dials"] = known.dial_text
        return _(template).format(**values)
    return reason


@lru_cache(maxsize=8192, typed=True)
def known_problem(card: str, dial: int, in_hand: bool, power: int, extra: int, ally_dueling: bool) -> str | None:
    """``play_problem`` of a card that is (``in_hand``) or is not in the hand: it reads the hand for nothing else,
    so the answer is worked out once per value (the rules ask it of every play and every shown pass)."""
    return play_problem(card, dial, (card,) if in_hand else (), power, extra, ally_dueling)


# --- Stamina and Power -------------------------------------------------------------------------------------


def bonus(state: ThatsWizardState, seat: int, kind: str) -> int:
    if kind == "damage":
        return 2 * count(state, "brittlebones", seat)
    if kind == "fatigue":
        return 2 * count(state, "fear", seat)
    return 0


def total(state: ThatsWizardState, seat: int, amount: int, kind: str) -> int:
    """An instance of Damage or Fatigue with its bonuses; an amount of 0 is no instance and gets none."""
    return amount + bonus(state, seat, kind) if amount > 0 else 0


def would_fall(state: ThatsWizardState, seat: int, amount: int, kind: str) -> bool:
    lost = total(state, seat, amount, kind)
    return lost > 0 and lost >= state.wizards[seat].stamina


def hurt(state: ThatsWizardState, seat: int, amount: int, kind: str, source: str, by: int, events: list[Event]) -> None:
    """``seat`` loses Stamina: ``kind`` "damage" or "fatigue" (one instance, with its bonus), or "plain"."""
    wizard = state.wizards[seat]
    if amount <= 0 or not wizard.dueling or state.stage == "over":
        return
    extra = bonus(state, seat, kind)
    lost = min(wizard.stamina, amount + extra)
    wizard.stamina -= lost
    note_low(state, seat)
    events.append(shared(StaminaLost, seat, amount + extra, kind, source, by, wizard.stamina, extra))
    if wizard.stamina == 0:
        end_duel(state, seat, "stamina", events)
        return
    if kind in ("damage", "fatigue") and lost and count(state, "embrace_pain", seat):
        gain_power(state, seat, lost, "embrace_pain", seat, events)


def note_low(state: ThatsWizardState, seat: int) -> None:
    """Keep the lowest Stamina of the duel and the round it was reached: the measure of a duel's progress."""
    wizard = state.wizards[seat]
    if wizard.stamina < wizard.low:
        wizard.low = wizard.stamina
        wizard.low_round = state.round


def quiet_rounds(round_now: int, low_rounds: Iterable[int]) -> int:
    """Whole rounds of a duel before ``round_now`` in which no wizard of it fell below their lowest Stamina.

    Shared by the rules and the bots (which have only a View), so both count alike."""
    return max(0, round_now - 1 - max(low_rounds, default=0))


def stalled(state: ThatsWizardState, seat: int) -> bool:
    """Whether ``seat``'s duel is on and has gone ``STALL_ROUNDS`` rounds without anyone's new lowest Stamina."""
    round_now = state.round
    if round_now <= STALL_ROUNDS:  # no duel has gone that many whole rounds yet (asked at every choice)
        return False
    mine = state.wizards[seat]
    if round_now - 1 - mine.low_round < STALL_ROUNDS:  # fell to a new lowest lately: not stalled (most choices)
        return False
    other = state.opponent(seat)
    if other is None:
        return False
    theirs = state.wizards[other]
    if not mine.dueling or not theirs.dueling:
        return False
    # ``quiet_rounds`` of the two, written out: a long duel asks this at every choice
    return round_now - 1 - max(mine.low_round, theirs.low_round) >= STALL_ROUNDS


def can_hurt(cards: Iterable[str], foe_stamina: int) -> bool:
    """Whether any of ``cards`` can still take Stamina from an opponent at ``foe_stamina`` or make them forfeit:
    a Damage or Fatigue spell or Grim Omen, a forfeit spell with them in range, Mind Control (it looks at Power),
    or Scry (it may bring one). Shared by the rules (who may offer a draw) and the bots (when to give up)."""
    held = set(cards)
    if held & STAMINA_SPELLS or {"mind_control", "scry"} & held:
        return True
    return any(foe_stamina <= FORFEIT_STAMINA[card] for card in held if card in FORFEIT_STAMINA)


def duel_cards(state: ThatsWizardState, seat: int) -> list[str]:
    """The cards ``seat`` still has in this duel: the hand, their lasting spells in play, and those an Erase
    Memory took from them (they come back). Not the side board, which sits the duel out."""
    found = list(state.wizards[seat].hand)
    for item in state.lasting:
        if item.owner == seat:
            found.append(item.card)
        if item.targets[0] == seat:
            found.extend(item.under)
    return found


def harmless(state: ThatsWizardState, seat: int) -> bool:
    """``seat`` is dueling and nothing they still hold can hurt their opponent: they cannot win their duel. (A
    wizard whose duel is over is not harmless: in Duos the next set may still decide the match.)"""
    other = state.opponent(seat)
    if other is None or not alive(state, seat) or not alive(state, other):
        return False
    return not can_hurt(duel_cards(state, seat), state.wizards[other].stamina)


def may_offer_draw(state: ThatsWizardState, seat: int) -> bool:
    """A draw is for a match nobody can win: it is offered from a stalled duel by a wizard who cannot win it."""
    return stalled(state, seat) and harmless(state, seat)


def heal(state: ThatsWizardState, seat: int, amount: int, source: str, by: int, events: list[Event]) -> None:
    wizard = state.wizards[seat]
    if amount <= 0 or not wizard.dueling:
        return
    gained = min(amount, MAX_STAMINA - wizard.stamina)
    wizard.stamina += gained
    events.append(StaminaGained(seat, gained, source, by, wizard.stamina))


def gain_power(state: ThatsWizardState, seat: int, amount: int, source: str, by: int, events: list[Event]) -> None:
    """Imprison blocks every gain of Power."""
    wizard = state.wizards[seat]
    if amount <= 0 or not wizard.dueling:
        return
    if imprisoned(state, seat):
        events.append(PowerChanged(seat, 0, source, by, wizard.power, blocked=True))
        return
    gained = min(amount, MAX_POWER - wizard.power)
    wizard.power += gained
    events.append(PowerChanged(seat, gained, source, by, wizard.power))


def drain_power(state: ThatsWizardState, seat: int, amount: int, source: str, by: int, events: list[Event]) -> int:
    """Lose Power (Stun); returns the shortfall the wizard could not pay."""
    wizard = state.wizards[seat]
    lost = min(amount, wizard.power)
    wizard.power -= lost
    if lost:
        events.append(PowerChanged(seat, -lost, source, by, wizard.power))
    return amount - lost


# --- dice ----------------------------------------------------------------------------------------------------


def roll_off(state: ThatsWizardState, seats: list[int], reason: str, events: list[Event]) -> int:
    """Each of ``seats`` rolls a die; ties for the highest roll again. Returns the winner."""
    contenders = sorted(seats)
    while True:
        values = [state.rng.die() for _ in contenders]
        events.append(DiceRolled(tuple(contenders), tuple(values), reason))
        best = max(values)
        top = [seat for seat, value in zip(contenders, values, strict=True) if value == best]
        if len(top) == 1:
            return top[0]
        contenders = top


def roll_ranking(state: ThatsWizardState, seats: list[int], reason: str, events: list[Event]) -> list[int]:
    """Everyone rolls; equal rolls roll again among themselves. Returns the seats from highest to lowest."""
    if len(seats) <= 1:
        return list(seats)
    contenders = sorted(seats)
    values = [state.rng.die() for _ in contenders]
    events.append(DiceRolled(tuple(contenders), tuple(values), reason))
    ranking: list[int] = []
    for value in sorted(set(values), reverse=True):
        group = [seat for seat, v in zip(contenders, values, strict=True) if v == value]
        ranking.extend(roll_ranking(state, group, reason, events) if len(group) > 1 else group)
    return ranking


# --- lasting cards leaving, duels ending -----------------------------------------------------------------


def end_lasting(state: ThatsWizardState, item: Lasting, events: list[Event]) -> None:
    """The last token is gone (or the duel ended): the card, and any cards under it, go back to their hands."""
    state.lasting.remove(item)
    state.wizards[item.owner].hand.append(item.card)
    victim = item.targets[0]
    state.wizards[victim].hand.extend(item.under)
    events.append(LastingEnded(item.owner, item.card, tuple(item.under), victim))
    item.under = []


def forfeit(state: ThatsWizardState, seat: int, card: str, by: int, events: list[Event]) -> None:
    if not state.wizards[seat].dueling:
        return
    events.append(Forfeited(seat, card, by))
    end_duel(state, seat, "forfeit", events)


def concede(state: ThatsWizardState, seat: int, events: list[Event]) -> None:
    """``seat`` gives up a stalled duel while the round's cards are being chosen: like a forfeit, the opponent wins
    it. The two wizards' secret picks of the round are dropped unseen."""
    other = state.opponent(seat)
    for wizard in (seat, other):
        if wizard is not None:
            state.wizards[wizard].choice = None
    state.paralyzed = [s for s in state.paralyzed if s not in (seat, other)]
    events.append(Conceded(seat))
    end_duel(state, seat, "concede", events)


def draw_match(state: ThatsWizardState, events: list[Event]) -> None:
    """Everyone agreed to a draw: the match is over and neither side wins it."""
    state.stage = "over"
    state.ending = "draw"
    _drop_pending(state)
    events.append(MatchDrawn(tuple(state.tokens)))


def end_duel(
    state: ThatsWizardState, loser: int, how: Literal["stamina", "forfeit", "concede"], events: list[Event]
) -> None:
    """``loser`` is out: their opponent wins the duel and a victory token for their team."""
    winner = state.opponent(loser)
    assert winner is not None
    for seat in (loser, winner):
        state.wizards[seat].dueling = False
    team = state.team(winner)
    state.tokens[team] += 1
    state.duel_winners.append(winner)
    state.duel_losers.append(loser)
    events.append(DuelWon(winner, loser, how, tuple(state.tokens)))
    for item in list(state.lasting):
        if not _stays(state, item):
            end_lasting(state, item, events)
    if state.tokens[team] >= state.win_target:
        state.stage = "over"
        winners = tuple(state.seats_of_team(team))
        events.append(MatchWon(team, winners, tuple(state.tokens)))
        _drop_pending(state)
    elif not any(w.dueling for w in state.wizards):
        state.stage = "between"
        _drop_pending(state)


def _stays(state: ThatsWizardState, item: Lasting) -> bool:
    """A lasting card stays while its owner duels; Imprison, Molten Floor and Miasma also while the ally does."""
    if state.wizards[item.owner].dueling:
        return True
    ally = state.ally(item.owner)
    return item.card in CROSS_DUEL and ally is not None and state.wizards[ally].dueling


def _drop_pending(state: ThatsWizardState) -> None:
    state.prompt = None
    state.batch = []
    state.batch_chooser = -1


def cross_duel_stays(state: ThatsWizardState, owner: int, card: str) -> bool:
    """Whether a lasting card cast this round by ``owner`` is placed in clean-up."""
    if state.wizards[owner].dueling:
        return True
    ally = state.ally(owner)
    return card in CROSS_DUEL and ally is not None and state.wizards[ally].dueling
