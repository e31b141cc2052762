"""What each card does on its turn, and at the end of the round: one small function per card.

A turn effect gets the play and the wizards it reaches (already turned back on its caster when reversed). An
effect that asks its caster a choice (Dispel, Erase Memory, Transference, Scry) sets ``state.prompt`` and the
answer is finished in ``choices``; an effect that changes several Stamina values at the same moment (Chaos on
a 1, Conflagration) queues them in ``state.batch`` so that ``flow`` can apply them in the rulebook's order.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core.protocol import Event
from tabletop.games.thats_wizard.cards import CARDS, FOCUS, FORFEIT_STAMINA, MAX_POWER
from tabletop.games.thats_wizard.events import (
    CardsTaken,
    DiceRolled,
    Fizzled,
    HandSeen,
    PlaceChosen,
    ScryKept,
    ScryLooked,
    StaminaSwapped,
    TokenRemoved,
)
from tabletop.games.thats_wizard.resources import (
    alive,
    drain_power,
    end_lasting,
    forfeit,
    gain_power,
    heal,
    hurt,
    note_low,
)
from tabletop.games.thats_wizard.state import Hit, Lasting, Play, Prompt, ThatsWizardState


def targets_of(state: ThatsWizardState, play: Play) -> list[int]:
    """The wizards a play reaches now, after reversal; only wizards still dueling count."""
    assert play.card is not None
    seat, kind = play.seat, CARDS[play.card].target
    if kind == "self":
        return [seat]
    if kind == "ally":
        ally = state.ally(seat)
        return [ally] if ally is not None and alive(state, ally) else []
    if kind in ("opponent", "spell"):
        target = seat if play.reversed else state.opponent(seat)
        return [target] if target is not None and alive(state, target) else []
    ally = state.ally(seat)
    if play.reversed:
        reached = [seat, ally]
    else:
        reached = [state.opponent(seat), state.opponent(ally) if ally is not None else None]
    return [t for t in reached if t is not None and alive(state, t)]


def _dial(play: Play) -> int:
    assert play.dial is not None
    return play.dial


# --- quick spells ----------------------------------------------------------------------------------------


def stun(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    for target in targets:
        shortfall = drain_power(state, target, _dial(play) + 2, "stun", play.seat, events)
        hurt(state, target, shortfall, "damage", "stun", play.seat, events)


def energize(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    for target in targets:
        gain_power(state, target, _dial(play) + 2, "energize", play.seat, events)
    if not targets:
        events.append(Fizzled(play.seat, "energize", -1, 0, "no_target"))


def explosion(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    for target in targets:
        hurt(state, target, _dial(play) + 1, "damage", "explosion", play.seat, events)


def _forfeit_test(
    state: ThatsWizardState, play: Play, targets: list[int], limit: int, what: str, events: list[Event]
) -> None:
    for target in targets:
        wizard = state.wizards[target]
        value = wizard.stamina if what == "stamina" else wizard.power
        if value <= limit:
            forfeit(state, target, play.card or "", play.seat, events)
        else:
            events.append(Fizzled(play.seat, play.card or "", target, value, what, limit))


def death(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    _forfeit_test(state, play, targets, FORFEIT_STAMINA["death"], "stamina", events)


def polymorph(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    _forfeit_test(state, play, targets, FORFEIT_STAMINA["polymorph"], "stamina", events)


def disarm(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    _forfeit_test(state, play, targets, FORFEIT_STAMINA["disarm"], "stamina", events)


def mind_control(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    _forfeit_test(state, play, targets, _dial(play) - 8, "power", events)


def conflagration(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    """One Damage instance per wizard reached, all at the same moment."""
    state.batch.extend(Hit(target, _dial(play) - 3, "damage", "conflagration", play.seat) for target in targets)


def shrink(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    for target in targets:
        hurt(state, target, state.wizards[target].stamina // 2, "fatigue", "shrink", play.seat, events)


def reflect(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    """Reflect's work was done when the round's reversals were fixed, right after paying."""


def dispel(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    """Tokens come off the lasting spells the target owns (the caster's own when reversed)."""
    if not targets or not any(item.owner == targets[0] for item in state.lasting):
        events.append(Fizzled(play.seat, "dispel", targets[0] if targets else -1, 0, "no_tokens"))
        return
    state.prompt = Prompt("dispel", play.seat, target=targets[0], count=_dial(play) - 1)
    settle_dispel(state, events)


def settle_dispel(state: ThatsWizardState, events: list[Event]) -> None:
    """Remove the Dispel's tokens where there is no choice left; keep the prompt while there is one."""
    prompt = state.prompt
    assert prompt is not None and prompt.kind == "dispel"
    while prompt.count > 0:
        held = [item for item in state.lasting if item.owner == prompt.target]
        if not held:
            break
        if sum(item.tokens for item in held) > prompt.count and len(held) > 1:
            return  # the caster chooses
        remove_token(state, held[0], prompt.seat, events)
        prompt.count -= 1
    state.prompt = None


def remove_token(state: ThatsWizardState, item: Lasting, by: int, events: list[Event]) -> None:
    item.tokens -= 1
    events.append(TokenRemoved(item.owner, item.card, item.tokens, by))
    if item.tokens == 0:
        end_lasting(state, item, events)


def share_pain(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    caster = state.wizards[play.seat]
    for target in targets:
        extra = 1 if caster.stamina < state.wizards[target].stamina else 0
        hurt(state, target, _dial(play) + extra, "fatigue", "share_pain", play.seat, events)


def chaos(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    roll = state.rng.die()
    events.append(DiceRolled((play.seat,), (roll,), "chaos"))
    p = _dial(play)
    for target in targets:
        if roll == 1:
            hit = [target] if target == play.seat else [play.seat, target]
            state.batch.extend(Hit(seat, p, "damage", "chaos", play.seat) for seat in hit)
        else:
            amount = p if roll == 2 else p + 1 if roll <= 4 else p + 2
            hurt(state, target, amount, "damage", "chaos", play.seat, events)


def scry(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    seat = play.seat
    library = state.library[state.deck(seat)]
    count = min(_dial(play), len(library))
    if count == 0:
        events.append(Fizzled(seat, "scry", seat, 0, "no_spells"))
        return
    looked = [library.pop(state.rng.below(len(library))) for _ in range(count)]
    state.scry_cards = looked
    events.append(ScryLooked(seat, tuple(looked), count, to=(seat,)))
    others = tuple(other for other in range(state.players) if other != seat)
    events.append(ScryLooked(seat, (), count, to=others))
    state.prompt = Prompt("scry", seat, cards=list(looked))  # (P is 2 or more, and the deck holds 21 spells)


def keep_scried(state: ThatsWizardState, play: Play, card: str, events: list[Event]) -> None:
    """The kept spell joins the hand for this duel; the rest go back, and Scry goes into the deck."""
    seat = play.seat
    wizard = state.wizards[seat]
    wizard.hand.append(card)
    wizard.borrowed = card
    state.library[state.deck(seat)].extend(c for c in state.scry_cards if c != card)
    state.scry_cards = []
    play.on_table = False
    wizard.scry_away = True
    state.prompt = None
    events.append(ScryKept(seat, card, to=(seat,)))
    others = tuple(other for other in range(state.players) if other != seat)
    events.append(ScryKept(seat, None, to=others))


def arithmancy(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    """Turned back, "your opponent's dial" reads the caster's own (the supplement's reversal): P + P, halved."""
    other = play.seat if play.reversed else state.opponent(play.seat)
    theirs = state.play_of(other) if other is not None else None
    dial = 0
    if theirs is not None and theirs.legal and theirs.card is not None and CARDS[theirs.card].is_spell:
        dial = theirs.dial or 0
    amount = -(-(_dial(play) + dial) // 2)
    for target in targets:
        hurt(state, target, amount, "damage", "arithmancy", play.seat, events)


def grim_omen(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    for target in targets:
        if target == play.seat:
            events.append(Fizzled(play.seat, "grim_omen", target, 0, "reversed"))
            continue
        mine, theirs = state.wizards[play.seat], state.wizards[target]
        mine.stamina, theirs.stamina = theirs.stamina, mine.stamina
        note_low(state, play.seat)
        note_low(state, target)
        events.append(StaminaSwapped(play.seat, target, (mine.stamina, theirs.stamina)))


def nevermore(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    """The ally gains 2P Stamina and Power back to 10 (Imprison blocks the Power), then the caster forfeits.

    Our reading where the rulebook and the card file are silent: when the ally's duel ended earlier this round
    (Nevermore was legal at the reveal), there is no ally to reach on its turn, so Nevermore fizzles like every
    ally spell (Energize, Transference) and the caster does not forfeit: the forfeit is the price of the save,
    not a separate effect. Its Power stays spent. Also said on the rules page (``rules_text``) and the card."""
    if not targets:
        events.append(Fizzled(play.seat, "nevermore", -1, 0, "no_target"))
        return
    for target in targets:
        heal(state, target, 2 * _dial(play), "nevermore", play.seat, events)
        gain_power(state, target, MAX_POWER, "nevermore", play.seat, events)
    forfeit(state, play.seat, "nevermore", play.seat, events)


def shock(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    """P Damage, plus 1 going first. When the opponent takes no turn the caster chooses to go first or second (the
    rulebook's Shock answer: "When your opponent doesn't take a turn, you can choose to go first or go second").
    Turned back, "before your opponent" reads "before yourself" (the supplement's reversal): no +1, no choice."""
    if targets and not play.reversed and takes_no_turn(state, state.opponent(play.seat)):
        state.prompt = Prompt("shock", play.seat, target=targets[0], values=[0, 1])
        return
    shock_hits(state, play, targets, not play.reversed and goes_first(state, play.seat), events)


def shock_hits(state: ThatsWizardState, play: Play, targets: list[int], first: bool, events: list[Event]) -> None:
    amount = _dial(play) + (1 if first else 0)
    for target in targets:
        hurt(state, target, amount, "damage", "shock", play.seat, events)


def take_shock_place(state: ThatsWizardState, play: Play, place: int, events: list[Event]) -> None:
    """The caster of a Shock whose opponent takes no turn goes first (0: the +1) or second (1)."""
    prompt = state.prompt
    assert prompt is not None and prompt.kind == "shock"
    state.prompt = None
    events.append(PlaceChosen(play.seat, place, "shock"))
    shock_hits(state, play, [prompt.target], place == 0, events)


def takes_no_turn(state: ThatsWizardState, seat: int | None) -> bool:
    """Paralyzed, passed or an illegal play: not in the round's turn order."""
    return seat is None or seat not in state.order


def goes_first(state: ThatsWizardState, seat: int) -> bool:
    """Before one's own opponent in the turn order, or the opponent takes no turn."""
    other = state.opponent(seat)
    if other is None or other not in state.order:
        return True
    return state.order.index(seat) < state.order.index(other)


def transference(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    choices = transfer_amounts(state, play)
    if not targets or not choices:
        why = "no_target" if not targets else "no_amount"
        events.append(Fizzled(play.seat, "transference", targets[0] if targets else -1, 0, why))
        return
    if len(choices) == 1:
        transfer(state, play.seat, targets[0], choices[0], events)
        return
    state.prompt = Prompt("transfer", play.seat, target=targets[0], values=choices)


def transfer_amounts(state: ThatsWizardState, play: Play) -> list[int]:
    top = min(3 * _dial(play), state.wizards[play.seat].stamina - 1)
    return list(range(1, top + 1))


def transfer(state: ThatsWizardState, seat: int, ally: int, amount: int, events: list[Event]) -> None:
    hurt(state, seat, amount, "plain", "transference", seat, events)
    heal(state, ally, amount, "transference", seat, events)


# --- lasting spells on their turn -------------------------------------------------------------------------


def levitate(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    for target in targets:
        theirs = state.play_of(target)
        if theirs is not None and theirs.legal and theirs.card == FOCUS:
            state.wizards[target].focus_blocked = True


def regenerate(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    for target in targets:
        heal(state, target, 2, "regenerate", play.seat, events)


def erase_memory(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    if not targets:
        return
    target = targets[0]
    hand = state.wizards[target].hand
    if target != play.seat:
        events.append(HandSeen(play.seat, target, tuple(hand), to=(play.seat,)))
    if len(hand) <= 2:
        take_cards(state, play, target, list(hand), events)
    else:
        state.prompt = Prompt("erase", play.seat, target=target, count=2)


def take_cards(state: ThatsWizardState, play: Play, target: int, cards: list[str], events: list[Event]) -> None:
    hand = state.wizards[target].hand
    for card in cards:
        hand.remove(card)
    play.under = list(cards)
    state.prompt = None
    events.append(CardsTaken(play.seat, target, tuple(cards)))


def waits(state: ThatsWizardState, play: Play, targets: list[int], events: list[Event]) -> None:
    """A lasting spell that acts only from next round: nothing happens on its turn."""


Effect = Callable[[ThatsWizardState, Play, list[int], list[Event]], None]
TURN_EFFECTS: dict[str, Effect] = {
    "stun": stun,
    "silence": waits,
    "levitate": levitate,
    "erase_memory": erase_memory,
    "energize": energize,
    "paralyze": waits,
    "explosion": explosion,
    "embrace_pain": waits,
    "death": death,
    "conflagration": conflagration,
    "regenerate": regenerate,
    "brittlebones": waits,
    "polymorph": polymorph,
    "shrink": shrink,
    "molten_floor": waits,
    "reflect": reflect,
    "disarm": disarm,
    "dispel": dispel,
    "invisibility": waits,
    "transference": transference,
    "share_pain": share_pain,
    "fear": waits,
    "chaos": chaos,
    "mind_control": mind_control,
    "imprison": waits,
    "portents": waits,
    "scry": scry,
    "arithmancy": arithmancy,
    "grim_omen": grim_omen,
    "nevermore": nevermore,
    "shock": shock,
    "tongue_tie": waits,
    "ignite": waits,
    "confusion": waits,
    "miasma": waits,
}

# --- end of round ------------------------------------------------------------------------------------------


def eor_levitate(state: ThatsWizardState, item: Lasting, events: list[Event]) -> None:
    _each(state, item, events, lambda target: hurt(state, target, 4, "damage", "levitate", item.owner, events))


def eor_regenerate(state: ThatsWizardState, item: Lasting, events: list[Event]) -> None:
    _each(state, item, events, lambda target: heal(state, target, 2, "regenerate", item.owner, events))


def eor_ignite(state: ThatsWizardState, item: Lasting, events: list[Event]) -> None:
    _each(state, item, events, lambda target: hurt(state, target, 6, "damage", "ignite", item.owner, events))


def eor_molten_floor(state: ThatsWizardState, item: Lasting, events: list[Event]) -> None:
    _each(state, item, events, lambda target: hurt(state, target, 2, "damage", "molten_floor", item.owner, events))


def eor_miasma(state: ThatsWizardState, item: Lasting, events: list[Event]) -> None:
    _each(state, item, events, lambda target: hurt(state, target, 1, "fatigue", "miasma", item.owner, events))


def eor_portents(state: ThatsWizardState, item: Lasting, events: list[Event]) -> None:
    for target in item.targets:  # (its owner, still dueling: ``flow.eor_effects`` lists it only then)
        roll = state.rng.die()
        events.append(DiceRolled((target,), (roll,), "portents"))
        if roll == 1:
            hurt(state, target, 2, "fatigue", "portents", item.owner, events)
        if roll in (2, 3, 6):
            heal(state, target, 2, "portents", item.owner, events)
        if roll in (4, 5, 6):
            gain_power(state, target, 2, "portents", item.owner, events)


def _each(state: ThatsWizardState, item: Lasting, events: list[Event], apply: Callable[[int], None]) -> None:
    """One instance per wizard reached, in seat order; stop if the match ends on the way."""
    for target in list(item.targets):
        if state.stage == "over":
            return
        if alive(state, target):
            apply(target)


EorEffect = Callable[[ThatsWizardState, Lasting, list[Event]], None]
EOR_EFFECTS: dict[str, EorEffect] = {
    "levitate": eor_levitate,
    "regenerate": eor_regenerate,
    "ignite": eor_ignite,
    "molten_floor": eor_molten_floor,
    "miasma": eor_miasma,
    "portents": eor_portents,
}
# The default order of one wizard's own end-of-round effects: harm to others, then healing, omens, Focus.
EOR_DEFAULT = ("ignite", "levitate", "molten_floor", "miasma", "regenerate", "portents", FOCUS)
