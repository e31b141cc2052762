"""Stamina, Power, dice, lasting effects in force, and the end of a duel.

Every change of Stamina or Power goes through here, so the bounds (Stamina 0-20, Power 0-10), the bonuses of
Brittlebones and Fear, Embrace Pain, Imprison and elimination are applied in one place. A wizard who reaches
0 Stamina, or forfeits, loses the duel at once (``end_duel``).
"""

from __future__ import annotations

from tabletop.core.protocol import Event
from tabletop.games.thats_wizard.cards import CARDS, CROSS_DUEL, MAX_POWER, MAX_STAMINA
from tabletop.games.thats_wizard.events import (
    DiceRolled,
    DuelWon,
    Forfeited,
    LastingEnded,
    MatchWon,
    PowerChanged,
    StaminaGained,
    StaminaLost,
)
from tabletop.games.thats_wizard.state import Lasting, ThatsWizardState

# --- lasting effects in force ----------------------------------------------------------------------------


def affecting(state: ThatsWizardState, card: str, seat: int) -> list[Lasting]:
    """Lasting spells of kind ``card`` in play (tokens placed) that reach ``seat``."""
    return [item for item in state.lasting if item.card == card and seat in item.targets]


def count(state: ThatsWizardState, card: str, seat: int) -> int:
    return sum(1 for item in state.lasting if item.card == card and seat in item.targets)


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


def play_cost(state: ThatsWizardState, seat: int, card: str, dial: int) -> int:
    return dial + (tax(state, seat) if CARDS[card].is_spell else 0)


def play_problem(
    card: str, dial: int, hand: list[str] | tuple[str, ...], power: int, extra: int, ally_dueling: bool
) -> str | None:
    """Why playing ``card`` at ``dial`` would be an illegal play, or None when it is legal.

    Shared by the rules and the table (which has only a View), so the dial can say why a value is refused.
    """
    known = CARDS.get(card)
    if known is None:
        return "There is no such card."
    if card not in hand:
        return f"{known.name} is not in your hand."
    if dial not in known.dials:
        if len(known.dials) == 1:
            return f"{known.name} is played with the dial at {known.dials[0]}."
        return f"{known.name} takes a Spell Power of {known.dial_text}."
    cost = dial + (extra if known.is_spell else 0)
    if cost > MAX_POWER:
        return f"{known.name} at {dial} would cost {cost} Power with Tongue Tie: nothing can cost more than 10."
    if cost > power:
        more = f" ({dial} + {extra} for Tongue Tie)" if extra and known.is_spell else ""
        return f"{known.name} at {dial} costs {cost} Power{more}; you have {power}."
    if known.target == "ally" and not ally_dueling:
        return f"{known.name} needs an ally who is still dueling."
    return None


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
    events.append(StaminaLost(seat, amount + extra, kind, source, by, wizard.stamina, extra))
    if wizard.stamina == 0:
        end_duel(state, seat, "stamina", events)
        return
    if kind in ("damage", "fatigue") and lost and count(state, "embrace_pain", seat):
        gain_power(state, seat, lost, "embrace_pain", seat, events)


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


def end_duel(state: ThatsWizardState, loser: int, how: str, events: list[Event]) -> None:
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
