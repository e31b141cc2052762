"""Log lines in our words: every spell is read aloud with its numbers, naming the wizards by name.

Every line is made when it is shown, in the language shown (the game's catalogue, ``i18n``); the events
themselves hold ids and numbers only (an illegal play's reason, kept in English, is given in the language shown
by ``reason_text``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.core.protocol import Event
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import (
    CARDS,
    COUNTERSPELL,
    FOCUS,
    SPOKEN_ONE,
    SPOKEN_TURNED_BACK,
    name,
    rounds,
)
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.i18n import ngettext
from tabletop.games.thats_wizard.resources import reason_text
from tabletop.games.thats_wizard.view import ThatsWizardView
from tabletop.i18n import N_

TEAM = (N_("Blue"), N_("Yellow"))
_NUMBER = re.compile(r"\{(\d?)P([+-]\d+)?\}")
ROLLS = {
    "pairing": N_("Dice for pairing: {rolls}."),
    "turn order": N_("Dice for turn order: {rolls}."),
    "who falls first": N_("Dice for who falls first: {rolls}."),
    "end of round": N_("Dice for end of round: {rolls}."),
}
PLACES = (N_("first"), N_("second"), N_("third"), N_("fourth"))


def fill(template: str, dial: int, caster: str, targets: str, lasting: int = 0) -> str:
    """A card's ``spoken`` text with P's arithmetic done, its rounds counted and the wizards named."""

    def number(match: re.Match[str]) -> str:
        times = int(match.group(1) or 1)
        shift = int(match.group(2) or 0)
        return str(times * dial + shift)

    text = _NUMBER.sub(number, template).replace("{rounds}", rounds(lasting))
    return text.replace("{caster}", caster).replace("{target}", targets)


def joined(parts: Sequence[str]) -> str:
    """ "Ann, Bob and Cy"; "nobody" for none."""
    parts = list(parts)
    if not parts:
        return _("nobody")
    if len(parts) == 1:
        return parts[0]
    return _("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


def spoken(card: str, dial: int, caster: str, targets: Sequence[str], turned_back: bool = False) -> str:
    """ "Explosion at 4: 5 Damage to Morgana" (``turned_back``: as it resolves on its caster)."""
    known = CARDS[card]
    reach = joined(targets) if targets else _("nobody")
    lasting = known.tokens(dial) if known.lasts is not None else 0
    template = SPOKEN_TURNED_BACK.get(card) if turned_back else None
    if template is None and len(targets) <= 1:  # (a spell for both opponents that reaches one: no "each")
        template = SPOKEN_ONE.get(card)
    line = fill(_(template) if template else known.spoken, dial, caster, reach, lasting)
    if known.is_spell:
        return _("{card} at {dial}: {effect}").format(card=known.name, dial=dial, effect=line)
    return line


def cards_text(cards: Sequence[str]) -> str:
    return joined([name(card) for card in cards]) if cards else _("no card")


def describe(event: Event, names: Sequence[str]) -> str:
    """One log line for ``event``, naming the seats by ``names``."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else _("Seat {number}").format(number=seat + 1)

    for kinds, line in _DESCRIBERS:
        if isinstance(event, kinds):
            text = line(event, who)
            if text is not None:
                return text
    return type(event).__name__


Who = Callable[[int], str]


def _match_began(event: ev.MatchBegan, who: Who) -> str:
    target = event.win_target
    if event.players == 2:
        line = ngettext(
            "A 1 vs 1 match: the first wizard to win {target} duel wins the match.",
            "A 1 vs 1 match: the first wizard to win {target} duels wins the match.",
            target,
        )
    else:
        line = ngettext(
            "A Duos match, 2 vs 2: the first team to {target} victory token wins.",
            "A Duos match, 2 vs 2: the first team to {target} victory tokens wins.",
            target,
        )
    return line.format(target=target)


def _faces(pairs: Sequence[Sequence[int]], who: Who) -> str:
    return _semicolons([_("{name} faces {other}").format(name=who(a), other=who(b)) for a, b in pairs])


def _semicolons(parts: Sequence[str]) -> str:
    """ "a; b; c" (French sets a space before the semicolon)."""
    line = parts[0] if parts else ""
    for part in parts[1:]:
        line = _("{before}; {after}").format(before=line, after=part)
    return line


def _duel_began(event: ev.DuelBegan, who: Who) -> str:
    if len(event.pairs) == 1:
        title = _("Duel {number} begins").format(number=event.duel)
    elif event.sudden_death:
        title = _("The sudden-death set begins")
    else:
        title = _("Set {number} begins").format(number=event.duel)
    line = _("{title}: {pairs}. Everyone starts at 20 Stamina and 10 Power and chooses a secret side board.")
    return line.format(title=title, pairs=_faces(event.pairs, who))


def _side_board(event: ev.SideBoardChosen, who: Who) -> str:
    if event.cards is None:
        return _("{name} lays a side board face down.").format(name=who(event.seat))
    line = _("{name} lays {cards} face down as their side board.")
    return line.format(name=who(event.seat), cards=cards_text(event.cards))


def _round_began(event: ev.RoundBegan, who: Who) -> str:
    if event.paralyzed:
        frozen = [who(s) for s in event.paralyzed]
        line = ngettext(
            "Round {round} begins. {names} paralyzed: no turn this round.",
            "Round {round} begins. {names} paralyzed: no turn this round.",
            len(frozen),
        )
        return line.format(round=event.round, names=joined(frozen))
    return _("Round {round} begins.").format(round=event.round)


def _ready(event: ev.Ready, who: Who) -> str:
    you = who(event.seat)
    if event.card is None and event.passed:
        return _("{name} chooses to pass.").format(name=you)
    if event.card is None:
        return _("{name} is ready.").format(name=you)
    if event.passed:
        line = _("{name} will show {card} at {dial}, an illegal play: a pass.")
    else:
        line = _("{name} chooses {card} at {dial}.")
    return line.format(name=you, card=name(event.card), dial=event.dial)


def _revealed(event: ev.Revealed, who: Who) -> str:
    return _("Revealed: {plays}.").format(plays=_semicolons([_shown(play, who) for play in event.plays]))


def _power_paid(event: ev.PowerPaid, who: Who) -> str:
    if event.tax == 0:
        line = ngettext(
            "{name} spends {amount} Power ({left} left).", "{name} spends {amount} Power ({left} left).", event.amount
        )
    else:
        line = ngettext(
            "{name} spends {amount} Power, {tax} of it for Tongue Tie ({left} left).",
            "{name} spends {amount} Power, {tax} of it for Tongue Tie ({left} left).",
            event.amount,
        )
    return line.format(name=who(event.seat), amount=event.amount, tax=event.tax, left=event.power)


def _dice(event: ev.DiceRolled, who: Who) -> str:
    if event.reason in ("chaos", "portents"):
        line = _("{name} rolls {value} for {card}.")
        return line.format(name=who(event.seats[0]), value=event.values[0], card=name(event.reason))
    rolls = ", ".join(
        _("{name} {value}").format(name=who(s), value=v) for s, v in zip(event.seats, event.values, strict=True)
    )
    known = ROLLS.get(event.reason)
    if known is None:
        return _("Dice: {rolls}.").format(rolls=rolls)
    return _(known).format(rolls=rolls)


def _place(event: ev.PlaceChosen, who: Who) -> str | None:
    you, first = who(event.seat), event.place == 0
    if event.what == "tie":
        if first:  # their side: in Duos the allies of a tie then order themselves
            return _("{name} wins the roll and puts their side first.").format(name=you)
        return _("{name} wins the roll and lets the other side go first.").format(name=you)
    if event.what == "team":
        if first:
            return _("{name} takes their turn before their ally's.").format(name=you)
        return _("{name} takes their turn after their ally's.").format(name=you)
    if event.what == "eor_place":
        place = _(PLACES[event.place])
        if event.forced:
            return _("{name} is left to apply their end-of-round effects {place}.").format(name=you, place=place)
        return _("{name} chooses to apply their end-of-round effects {place}.").format(name=you, place=place)
    if event.what == "shock":  # the opponent takes no turn: the caster chose
        if first:
            return _("{name} chooses to go first, as their opponent takes no turn: Shock gets its +1.").format(name=you)
        return _("{name} chooses to go second, as their opponent takes no turn: Shock gets no +1.").format(name=you)
    return None


def _turn_order(event: ev.TurnOrder, who: Who) -> str:
    if not event.order:
        return _("Turn order: nobody takes a turn.")
    return _("Turn order: {names}.").format(names=", ".join(who(s) for s in event.order))


def _countered(event: ev.Countered, who: Who) -> str:
    line = _("{name}'s Counterspell stops {other}'s {card}.")
    return line.format(name=who(event.seat), other=who(event.victim), card=name(event.card))


def _reversed(event: ev.Reversed, who: Who) -> str:
    if event.by == "confusion":
        line = _("{name} is confused: their {card} turns back on them.")
    else:
        line = _("Reflect turns {name}'s {card} back on its caster.")
    return line.format(name=who(event.seat), card=name(event.card))


# Quick spells whose whole effect is told by their own lines that follow, with the numbers (the Damage, the Power
# lost or gained, the Stamina swapped or gained, the forfeit; a line saying why when it does nothing): read out in
# full as they are cast, the log told the same thing twice ("casts Explosion at 5: 6 Damage to Bob", then
# "Explosion: 6 Damage to Bob (14 Stamina left)"). The others keep their reading: it says what the numbers after it
# cannot (Shock's +1 for going first, the Stamina a forfeit needs, a lasting spell's rounds to come).
TOLD_BY_RESULTS = frozenset({"explosion", "conflagration", "stun", "energize", "grim_omen", "nevermore"})


def _spell_read(event: ev.SpellRead, who: Who) -> str:
    you = who(event.seat)
    if event.countered:
        return _("{name}'s {card} is countered: nothing happens, its Power is spent.").format(
            name=you, card=name(event.card)
        )
    if event.card == FOCUS:
        return _("{name} focuses: their Power goes back to 10 at the end of the round.").format(name=you)
    if event.card == COUNTERSPELL:
        return _("{name} plays Counterspell.").format(name=you)
    if event.card in TOLD_BY_RESULTS:  # its own lines tell what it did: the cast names it only (said once)
        values = {"name": you, "card": name(event.card), "dial": event.dial}
        if event.reversed:
            return _("{name} casts {card} at {dial}, turned back.").format(**values)
        return _("{name} casts {card} at {dial}.").format(**values)
    cast = spoken(event.card, event.dial, you, [who(t) for t in event.targets], event.reversed)
    if event.reversed:
        return _("{name} casts {spell}, turned back.").format(name=you, spell=cast)
    return _("{name} casts {spell}.").format(name=you, spell=cast)


def _stamina_lost(event: ev.StaminaLost, who: Who) -> str:
    values = {
        "name": who(event.seat),
        "amount": event.amount,
        "left": event.stamina,
        "card": name(event.source),
        "extra": event.bonus,
    }
    n = event.amount
    if event.kind == "plain" and event.source == COUNTERSPELL:
        line = ngettext(
            "{name} loses {amount} Stamina for Counterspell ({left} left).",
            "{name} loses {amount} Stamina for Counterspell ({left} left).",
            n,
        )
    elif event.kind == "plain":
        line = ngettext(
            "{name} loses {amount} Stamina to {card} ({left} left).",
            "{name} loses {amount} Stamina to {card} ({left} left).",
            n,
        )
    elif event.kind == "damage" and event.bonus:
        line = ngettext(
            "{card}: {amount} Damage to {name}, {extra} of it from Brittlebones ({left} Stamina left).",
            "{card}: {amount} Damage to {name}, {extra} of it from Brittlebones ({left} Stamina left).",
            n,
        )
    elif event.kind == "damage":
        line = ngettext(
            "{card}: {amount} Damage to {name} ({left} Stamina left).",
            "{card}: {amount} Damage to {name} ({left} Stamina left).",
            n,
        )
    elif event.bonus:
        line = ngettext(
            "{card}: {amount} Fatigue to {name}, {extra} of it from Fear ({left} Stamina left).",
            "{card}: {amount} Fatigue to {name}, {extra} of it from Fear ({left} Stamina left).",
            n,
        )
    else:
        line = ngettext(
            "{card}: {amount} Fatigue to {name} ({left} Stamina left).",
            "{card}: {amount} Fatigue to {name} ({left} Stamina left).",
            n,
        )
    return line.format(**values)


def _stamina_gained(event: ev.StaminaGained, who: Who) -> str:
    if event.amount == 0:  # (a gain at the cap: "gains 0 Stamina" read as a roll or a spell gone wrong)
        line = _("{card}: {name} is already at {now} Stamina, the most a wizard may have.")
        return line.format(card=name(event.source), name=who(event.seat), now=event.stamina)
    line = ngettext(
        "{card}: {name} gains {amount} Stamina ({now}).", "{card}: {name} gains {amount} Stamina ({now}).", event.amount
    )
    return line.format(card=name(event.source), name=who(event.seat), amount=event.amount, now=event.stamina)


def _power_changed(event: ev.PowerChanged, who: Who) -> str:
    card, you = name(event.source), who(event.seat)
    if event.blocked:
        return _("Imprison: {name} gains no Power from {card}.").format(name=you, card=card)
    n = abs(event.amount)
    if event.amount == 0:
        return _("{card}: {name} is already at {now} Power, the most a wizard may have.").format(
            card=card, name=you, now=event.power
        )
    if event.amount < 0:
        line = ngettext(
            "{card}: {name} loses {amount} Power ({now} left).", "{card}: {name} loses {amount} Power ({now} left).", n
        )
    else:
        line = ngettext(
            "{card}: {name} gains {amount} Power ({now}).", "{card}: {name} gains {amount} Power ({now}).", n
        )
    return line.format(card=card, name=you, amount=n, now=event.power)


def _swapped(event: ev.StaminaSwapped, who: Who) -> str:
    mine, theirs = event.stamina
    line = _("Grim Omen: {name} and {other} swap Stamina ({name} {mine}, {other} {theirs}).")
    return line.format(name=who(event.seat), other=who(event.target), mine=mine, theirs=theirs)


def _fizzled_event(event: ev.Fizzled, who: Who) -> str:
    target = who(event.target) if event.target >= 0 else _("nobody")
    return _fizzled(who(event.seat), event.card, target, event.value, event.why, event.limit)


def _forfeited(event: ev.Forfeited, who: Who) -> str:
    return _("{card}: {name} forfeits the duel.").format(card=name(event.card), name=who(event.seat))


def _lasting_placed(event: ev.LastingPlaced, who: Who) -> str:
    line = ngettext(
        "{name}'s {card} stays in play by {target} with {count} lasting-effect token.",
        "{name}'s {card} stays in play by {target} with {count} lasting-effect tokens.",
        event.tokens,
    )
    # (a spell for both opponents lies by both: Imprison, Molten Floor, Miasma named only the first)
    targets = joined([who(seat) for seat in event.targets])
    return line.format(name=who(event.owner), card=name(event.card), target=targets, count=event.tokens)


def _token_removed(event: ev.TokenRemoved, who: Who) -> str:
    if event.by == -1:
        line = _("{name}'s {card} loses a token ({left} left).")
    else:
        line = _("{other}'s Dispel removes a token from {name}'s {card} ({left} left).")
    return line.format(name=who(event.owner), card=name(event.card), left=event.tokens, other=who(event.by))


def _lasting_ended(event: ev.LastingEnded, who: Who) -> str:
    line = _("{name}'s {card} leaves play and goes back to their hand.")
    text = line.format(name=who(event.owner), card=name(event.card))
    if event.returned:
        back = ngettext("{cards} goes back to {name}'s hand.", "{cards} go back to {name}'s hand.", len(event.returned))
        text += " " + back.format(cards=cards_text(event.returned), name=who(event.target))
    return text


def _hand_seen(event: ev.HandSeen, who: Who) -> str:
    line = _("{name} looks at {other}'s hand: {cards}.")
    return line.format(name=who(event.seat), other=who(event.target), cards=cards_text(event.cards))


def _cards_taken(event: ev.CardsTaken, who: Who) -> str:
    line = _("Erase Memory: {name} takes {cards} from {other}'s hand.")
    return line.format(name=who(event.seat), other=who(event.target), cards=cards_text(event.cards))


def _scry_looked(event: ev.ScryLooked, who: Who) -> str:
    if event.cards:
        line = ngettext(
            "{name} looks at {count} spell of the deck: {cards}.",
            "{name} looks at {count} spells of the deck: {cards}.",
            event.count,
        )
    else:
        line = ngettext(
            "{name} looks at {count} spell of the deck.", "{name} looks at {count} spells of the deck.", event.count
        )
    return line.format(name=who(event.seat), count=event.count, cards=cards_text(event.cards))


def _scry_kept(event: ev.ScryKept, who: Who) -> str:
    if event.card is None:
        return _("{name} keeps one of them; Scry goes into the deck for the rest of the duel.").format(
            name=who(event.seat)
        )
    line = _("{name} keeps {card}; Scry goes into the deck for the rest of the duel.")
    return line.format(name=who(event.seat), card=name(event.card))


def _focused(event: ev.Focused, who: Who) -> str:
    if event.blocked == "levitate":
        line = _("Levitate: {name}'s Focus gives no Power ({now}).")
    elif event.blocked == "imprison":
        line = _("Imprison: {name}'s Focus gives no Power ({now}).")
    else:
        line = _("Focus: {name}'s Power is back to 10.")
    return line.format(name=who(event.seat), now=event.power)


def _duel_won(event: ev.DuelWon, who: Who) -> str:
    lines = {
        "stamina": _("{name} wins the duel: {other} has no Stamina left. Victory tokens: {tally}."),
        "forfeit": _("{name} wins the duel: {other} forfeits. Victory tokens: {tally}."),
        "concede": _("{name} wins the duel: {other} concedes. Victory tokens: {tally}."),
    }
    tally = ", ".join(_("{team} {count}").format(team=_(TEAM[team]), count=n) for team, n in enumerate(event.tokens))
    return lines[event.how].format(name=who(event.winner), other=who(event.loser), tally=tally)


def _match_won(event: ev.MatchWon, who: Who) -> str:
    line = ngettext(
        "{names} wins the match, {won} to {lost}.", "{names} win the match, {won} to {lost}.", len(event.winners)
    )
    winners = joined([who(s) for s in event.winners])
    return line.format(names=winners, won=max(event.tokens), lost=min(event.tokens))


def _conceded(event: ev.Conceded, who: Who) -> str:
    return _("{name} concedes the stalled duel.").format(name=who(event.seat))


def _draw_offered(event: ev.DrawOffered, who: Who) -> str:
    line = ngettext(
        "{name} offers to end the match as a draw; {names} must agree.",
        "{name} offers to end the match as a draw; {names} must all agree.",
        len(event.asked),
    )
    return line.format(name=who(event.seat), names=joined([who(a) for a in event.asked]))


def _draw_answered(event: ev.DrawAnswered, who: Who) -> str:
    if event.accept:
        return _("{name} accepts the draw.").format(name=who(event.seat))
    return _("{name} refuses the draw: the match goes on.").format(name=who(event.seat))


def _match_drawn(event: ev.MatchDrawn, who: Who) -> str:
    line = ngettext(
        "Everyone agrees: the match is drawn, {blue} victory token to {yellow}.",
        "Everyone agrees: the match is drawn, {blue} victory tokens to {yellow}.",
        event.tokens[0],
    )
    return line.format(blue=event.tokens[0], yellow=event.tokens[1])


def _pairing(event: ev.PairingChosen, who: Who) -> str:
    line = _("{name} pairs the sudden-death set: {pairs}.")
    return line.format(name=who(event.seat), pairs=_faces(event.pairs, who))


_DESCRIBERS: tuple[tuple[type, Callable[[Any, Who], str | None]], ...] = (
    (ev.MatchBegan, _match_began),
    (ev.DuelBegan, _duel_began),
    (ev.SideBoardChosen, _side_board),
    (ev.RoundBegan, _round_began),
    (ev.Ready, _ready),
    (ev.Revealed, _revealed),
    (ev.PowerPaid, _power_paid),
    (ev.DiceRolled, _dice),
    (ev.PlaceChosen, _place),
    (ev.TurnOrder, _turn_order),
    (ev.Countered, _countered),
    (ev.Reversed, _reversed),
    (ev.SpellRead, _spell_read),
    (ev.StaminaLost, _stamina_lost),
    (ev.StaminaGained, _stamina_gained),
    (ev.PowerChanged, _power_changed),
    (ev.StaminaSwapped, _swapped),
    (ev.Fizzled, _fizzled_event),
    (ev.Forfeited, _forfeited),
    (ev.LastingPlaced, _lasting_placed),
    (ev.TokenRemoved, _token_removed),
    (ev.LastingEnded, _lasting_ended),
    (ev.HandSeen, _hand_seen),
    (ev.CardsTaken, _cards_taken),
    (ev.ScryLooked, _scry_looked),
    (ev.ScryKept, _scry_kept),
    (ev.Focused, _focused),
    (ev.DuelWon, _duel_won),
    (ev.MatchWon, _match_won),
    (ev.Conceded, _conceded),
    (ev.DrawOffered, _draw_offered),
    (ev.DrawAnswered, _draw_answered),
    (ev.MatchDrawn, _match_drawn),
    (ev.PairingChosen, _pairing),
)


def _shown(play: ev.Shown, who: Who) -> str:
    you = who(play.seat)
    if play.reason == "paralyzed":
        return _("{name} is paralyzed").format(name=you)
    if play.card is None:
        return _("{name} passes").format(name=you)
    card = name(play.card)
    if not play.legal:
        line = _("{name} {card} at {dial} (illegal, skipped: {reason})")
        return line.format(name=you, card=card, dial=play.dial, reason=_pass_reason(play.reason))
    if play.card in (FOCUS, COUNTERSPELL):
        return _("{name} {card}").format(name=you, card=card)
    return _("{name} {card} at {dial}").format(name=you, card=card, dial=play.dial)


def _pass_reason(reason: str) -> str:
    """An illegal play's reason as the state keeps it (English), in the language shown, without its full stop."""
    if reason == "pass":
        return _("pass")
    return reason_text(reason).rstrip(".")


def _fizzled(caster: str, card: str, target: str, value: int, why: str, limit: int) -> str:
    values = {"card": name(card), "name": target, "caster": caster, "value": value, "limit": limit}
    lines = {
        "stamina": N_("{card}: {name} has {value} Stamina, more than {limit}; nothing happens."),
        "power": N_("{card}: {name} has {value} Power, more than {limit}; nothing happens."),
        "no_tokens": N_("{card}: {name} has no lasting-effect tokens to remove."),
        "reversed": N_("{card} turned back: {caster} swaps Stamina with themself, so nothing happens."),
        "no_amount": N_("{card}: {caster} has too little Stamina to give any."),
        "no_spells": N_("{card}: the deck holds no spell to look at."),
    }
    line = lines.get(why, N_("{card}: there is no ally still dueling to reach."))
    return _(line).format(**values)


def _names(cards: Sequence[str]) -> str:
    return ", ".join(name(card) for card in cards) if cards else _("empty")


def secret_lines(view: ThatsWizardView) -> list[str]:
    """What only ``view.seat`` knows: its hand, its side board, its spellbook (secret until the match ends),
    the spell it kept with Scry, this round's pick and dial until they are revealed, and the spells a Scry of
    its own shows it."""
    lines = [_("Hand: {cards}").format(cards=_names(view.hand))]
    if view.side:
        lines.append(_("Side board: {cards}").format(cards=_names(view.side)))
    if view.borrowed is not None:
        lines.append(_("Kept with Scry: {card}").format(card=name(view.borrowed)))
    if view.choice is not None and view.stage == "choose":
        lines.append(_("This round's pick: {pick}").format(pick=_pick(*view.choice)))
    prompt = view.prompt
    if prompt is not None and prompt.kind == "scry" and prompt.seat == view.seat and prompt.cards:
        lines.append(_("Scry shows: {cards}").format(cards=_names(prompt.cards)))
    lines.append(_("Spellbook: {cards}").format(cards=_names(view.book)))
    return lines


def _pick(card: str | None, dial: int | None, passed: bool) -> str:
    if card is None:
        return _("a pass")
    if passed and dial is not None:
        return _("a pass, showing {card} at {dial}").format(card=name(card), dial=dial)
    if passed:
        return _("a pass, showing {card}").format(card=name(card))
    if dial is not None:
        return _("{card} at {dial}").format(card=name(card), dial=dial)
    return name(card)
