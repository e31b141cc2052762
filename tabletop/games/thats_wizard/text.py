"""Log lines in our words: every spell is read aloud with its numbers, naming the wizards by name."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from tabletop.core.protocol import Event
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import CARDS, COUNTERSPELL, FOCUS, name
from tabletop.games.thats_wizard.view import ThatsWizardView

TEAM = ("Blue", "Yellow")
_NUMBER = re.compile(r"\{(\d?)P([+-]\d+)?\}")


def fill(template: str, dial: int, caster: str, targets: str) -> str:
    """A card's ``spoken`` text with P's arithmetic done and the wizards named."""

    def number(match: re.Match[str]) -> str:
        times = int(match.group(1) or 1)
        shift = int(match.group(2) or 0)
        return str(times * dial + shift)

    text = _NUMBER.sub(number, template).replace("for 1 rounds", "for 1 round")
    return text.replace("{caster}", caster).replace("{target}", targets)


def joined(parts: Sequence[str]) -> str:
    parts = list(parts)
    if not parts:
        return "nobody"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def spoken(card: str, dial: int, caster: str, targets: Sequence[str]) -> str:
    """ "Explosion at 4: 5 Damage to Morgana"."""
    known = CARDS[card]
    reach = joined(targets) if targets else "nobody"
    line = fill(known.spoken, dial, caster, reach)
    if known.is_spell:
        return f"{known.name} at {dial}: {line}"
    return line


def cards_text(cards: Sequence[str]) -> str:
    return joined([name(card) for card in cards]) if cards else "no card"


def describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    match event:
        case ev.MatchBegan(players=2, win_target=target):
            return f"A 1 vs 1 match: the first wizard to win {target} duels wins the match."
        case ev.MatchBegan(win_target=target):
            return f"A Duos match, 2 vs 2: the first team to {target} victory tokens wins."
        case ev.DuelBegan(duel=number, pairs=pairs, sudden_death=sudden):
            faces = "; ".join(f"{who(a)} faces {who(b)}" for a, b in pairs)
            if len(pairs) == 1:
                title = f"Duel {number} begins"
            else:
                title = "The sudden-death set begins" if sudden else f"Set {number} begins"
            return f"{title}: {faces}. Everyone starts at 20 Stamina and 10 Power and chooses a secret side board."
        case ev.SideBoardChosen(seat=s, cards=None):
            return f"{who(s)} lays a side board face down."
        case ev.SideBoardChosen(seat=s, cards=tuple() as cards):
            return f"{who(s)} lays {cards_text(cards)} face down as their side board."
        case ev.RoundBegan(round=r, paralyzed=frozen):
            if frozen:
                return f"Round {r} begins. {joined([who(s) for s in frozen])} paralyzed: no turn this round."
            return f"Round {r} begins."
        case ev.Ready(seat=s, forced=True):
            return f"{who(s)} has no legal play and passes."
        case ev.Ready(seat=s, card=None, passed=True):
            return f"{who(s)} chooses to pass."
        case ev.Ready(seat=s, card=None):
            return f"{who(s)} is ready."
        case ev.Ready(seat=s, card=str() as card, dial=dial, passed=True):
            return f"{who(s)} will show {name(card)} at {dial}, an illegal play: a pass."
        case ev.Ready(seat=s, card=str() as card, dial=dial):
            return f"{who(s)} chooses {name(card)} at {dial}."
        case ev.Revealed(plays=plays):
            return "Revealed: " + "; ".join(_shown(play, who) for play in plays) + "."
        case ev.PowerPaid(seat=s, amount=n, tax=0, power=p):
            return f"{who(s)} spends {n} Power ({p} left)."
        case ev.PowerPaid(seat=s, amount=n, tax=t, power=p):
            return f"{who(s)} spends {n} Power, {t} of it for Tongue Tie ({p} left)."
        case ev.DiceRolled(seats=seats, values=values, reason=reason):
            rolls = ", ".join(f"{who(s)} {v}" for s, v in zip(seats, values, strict=True))
            if reason in ("chaos", "portents"):
                return f"{who(seats[0])} rolls {values[0]} for {name(reason)}."
            return f"Dice for {reason}: {rolls}."
        case ev.PlaceChosen(seat=s, place=p, what="tie"):
            return f"{who(s)} wins the roll and {'goes first' if p == 0 else 'lets the other side go first'}."
        case ev.PlaceChosen(seat=s, place=p, what="team"):
            return f"{who(s)} takes their turn {'before' if p == 0 else 'after'} their ally's."
        case ev.PlaceChosen(seat=s, place=p, what="eor_place", forced=forced):
            place = ("first", "second", "third", "fourth")[p]
            return f"{who(s)} {'is left' if forced else 'chooses'} to apply their end-of-round effects {place}."
        case ev.TurnOrder(order=order):
            return "Turn order: " + (", ".join(who(s) for s in order) if order else "nobody takes a turn") + "."
        case ev.Countered(seat=s, victim=v, card=card):
            return f"{who(s)}'s Counterspell stops {who(v)}'s {name(card)}."
        case ev.Reversed(seat=s, card=card, by="confusion"):
            return f"{who(s)} is confused: their {name(card)} turns back on them."
        case ev.Reversed(seat=s, card=card):
            return f"Reflect turns {who(s)}'s {name(card)} back on its caster."
        case ev.SpellRead(seat=s, card=card, countered=True):
            return f"{who(s)}'s {name(card)} is countered: nothing happens, its Power is spent."
        case ev.SpellRead(seat=s, card=card, dial=dial, targets=targets, reversed=rev):
            if card == FOCUS:
                return f"{who(s)} focuses: their Power goes back to 10 at the end of the round."
            if card == COUNTERSPELL:
                return f"{who(s)} plays Counterspell."
            turned = ", turned back" if rev else ""
            return f"{who(s)} casts {spoken(card, dial, who(s), [who(t) for t in targets])}{turned}."
        case ev.StaminaLost(seat=s, amount=n, kind="plain", source=source, stamina=left):
            why = "for Counterspell" if source == COUNTERSPELL else f"to {name(source)}"
            return f"{who(s)} loses {n} Stamina {why} ({left} left)."
        case ev.StaminaLost(seat=s, amount=n, kind=kind, source=source, stamina=left, bonus=extra):
            word = "Damage" if kind == "damage" else "Fatigue"
            boost = ""
            if extra:
                boost = f", {extra} of it from {'Brittlebones' if kind == 'damage' else 'Fear'}"
            return f"{name(source)}: {n} {word} to {who(s)}{boost} ({left} Stamina left)."
        case ev.StaminaGained(seat=s, amount=n, source=source, stamina=now):
            return f"{name(source)}: {who(s)} gains {n} Stamina ({now})."
        case ev.PowerChanged(seat=s, source=source, blocked=True):
            return f"Imprison: {who(s)} gains no Power from {name(source)}."
        case ev.PowerChanged(seat=s, amount=n, source=source, power=p) if n < 0:
            return f"{name(source)}: {who(s)} loses {-n} Power ({p} left)."
        case ev.PowerChanged(seat=s, amount=n, source=source, power=p):
            return f"{name(source)}: {who(s)} gains {n} Power ({p})."
        case ev.StaminaSwapped(seat=s, target=t, stamina=(mine, theirs)):
            return f"Grim Omen: {who(s)} and {who(t)} swap Stamina ({who(s)} {mine}, {who(t)} {theirs})."
        case ev.Fizzled(seat=s, card=card, target=t, value=value, why=why, limit=limit):
            return _fizzled(who(s), card, who(t) if t >= 0 else "nobody", value, why, limit)
        case ev.Forfeited(seat=s, card=card):
            return f"{name(card)}: {who(s)} forfeits the duel."
        case ev.LastingPlaced(owner=o, card=card, targets=targets, tokens=n):
            plural = "s" if n != 1 else ""
            return f"{who(o)}'s {name(card)} stays in play by {who(targets[0])} with {n} lasting-effect token{plural}."
        case ev.TokenRemoved(owner=o, card=card, tokens=n, by=-1):
            return f"{who(o)}'s {name(card)} loses a token ({n} left)."
        case ev.TokenRemoved(owner=o, card=card, tokens=n, by=b):
            return f"{who(b)}'s Dispel removes a token from {who(o)}'s {name(card)} ({n} left)."
        case ev.LastingEnded(owner=o, card=card, returned=back, target=t):
            line = f"{who(o)}'s {name(card)} leaves play and goes back to their hand."
            if back:
                line += f" {cards_text(back)} go{'es' if len(back) == 1 else ''} back to {who(t)}'s hand."
            return line
        case ev.HandSeen(seat=s, target=t, cards=cards):
            return f"{who(s)} looks at {who(t)}'s hand: {cards_text(cards)}."
        case ev.CardsTaken(seat=s, target=t, cards=cards):
            return f"Erase Memory: {who(s)} takes {cards_text(cards)} from {who(t)}'s hand."
        case ev.ScryLooked(seat=s, cards=cards, count=n) if cards:
            return f"{who(s)} looks at {n} spells of the deck: {cards_text(cards)}."
        case ev.ScryLooked(seat=s, count=n):
            return f"{who(s)} looks at {n} spells of the deck."
        case ev.ScryKept(seat=s, card=None):
            return f"{who(s)} keeps one of them; Scry goes into the deck for the rest of the duel."
        case ev.ScryKept(seat=s, card=str() as card):
            return f"{who(s)} keeps {name(card)}; Scry goes into the deck for the rest of the duel."
        case ev.Focused(seat=s, blocked="levitate", power=p):
            return f"Levitate: {who(s)}'s Focus gives no Power ({p})."
        case ev.Focused(seat=s, blocked="imprison", power=p):
            return f"Imprison: {who(s)}'s Focus gives no Power ({p})."
        case ev.Focused(seat=s):
            return f"Focus: {who(s)}'s Power is back to 10."
        case ev.DuelWon(winner=w, loser=lost, how=how, tokens=tokens):
            why = {"stamina": "has no Stamina left", "forfeit": "forfeits", "concede": "concedes"}[how]
            tally = ", ".join(f"{TEAM[team]} {n}" for team, n in enumerate(tokens))
            return f"{who(w)} wins the duel: {who(lost)} {why}. Victory tokens: {tally}."
        case ev.MatchWon(winners=winners, tokens=tokens):
            verb = "win" if len(winners) > 1 else "wins"
            return f"{joined([who(s) for s in winners])} {verb} the match, {max(tokens)} to {min(tokens)}."
        case ev.Conceded(seat=s):
            return f"{who(s)} concedes the stalled duel."
        case ev.DrawOffered(seat=s, asked=asked):
            agree = "must agree" if len(asked) == 1 else "must all agree"
            return f"{who(s)} offers to end the match as a draw; {joined([who(a) for a in asked])} {agree}."
        case ev.DrawAnswered(seat=s, accept=True):
            return f"{who(s)} accepts the draw."
        case ev.DrawAnswered(seat=s):
            return f"{who(s)} refuses the draw: the match goes on."
        case ev.MatchDrawn(tokens=tokens):
            return f"Everyone agrees: the match is drawn, {tokens[0]} victory tokens to {tokens[1]}."
        case ev.PairingChosen(seat=s, pairs=pairs):
            faces = "; ".join(f"{who(a)} faces {who(b)}" for a, b in pairs)
            return f"{who(s)} pairs the sudden-death set: {faces}."
    return type(event).__name__


def _shown(play: ev.Shown, who: Callable[[int], str]) -> str:
    if play.reason == "paralyzed":
        return f"{who(play.seat)} is paralyzed"
    if play.card is None:
        return f"{who(play.seat)} passes"
    card = name(play.card)
    if not play.legal:
        return f"{who(play.seat)} {card} at {play.dial} (illegal, skipped: {play.reason.rstrip('.')})"
    if play.card in (FOCUS, COUNTERSPELL):
        return f"{who(play.seat)} {card}"
    return f"{who(play.seat)} {card} at {play.dial}"


def _fizzled(caster: str, card: str, target: str, value: int, why: str, limit: int) -> str:
    title = name(card)
    if why == "stamina":
        return f"{title}: {target} has {value} Stamina, more than {limit}; nothing happens."
    if why == "power":
        return f"{title}: {target} has {value} Power, more than {limit}; nothing happens."
    if why == "no_tokens":
        return f"{title}: {target} has no lasting-effect tokens to remove."
    if why == "reversed":
        return f"{title} turned back: {caster} swaps Stamina with themself, so nothing happens."
    if why == "no_amount":
        return f"{title}: {caster} has too little Stamina to give any."
    if why == "no_spells":
        return f"{title}: the deck holds no spell to look at."
    return f"{title}: there is no ally still dueling to reach."


def _names(cards: Sequence[str]) -> str:
    return ", ".join(name(card) for card in cards) if cards else "empty"


def secret_lines(view: ThatsWizardView) -> list[str]:
    """What only ``view.seat`` knows: its hand, its side board, its spellbook (secret until the match ends),
    the spell it kept with Scry, this round's pick and dial until they are revealed, and the spells a Scry of
    its own shows it."""
    lines = [f"Hand: {_names(view.hand)}"]
    if view.side:
        lines.append(f"Side board: {_names(view.side)}")
    if view.borrowed is not None:
        lines.append(f"Kept with Scry: {name(view.borrowed)}")
    if view.choice is not None and view.stage == "choose":
        card, dial, passed = view.choice
        if card is None:
            pick = "a pass"
        elif passed:
            pick = f"a pass, showing {name(card)}" + (f" at {dial}" if dial is not None else "")
        else:
            pick = name(card) + (f" at {dial}" if dial is not None else "")
        lines.append(f"This round's pick: {pick}")
    prompt = view.prompt
    if prompt is not None and prompt.kind == "scry" and prompt.seat == view.seat and prompt.cards:
        lines.append(f"Scry shows: {_names(prompt.cards)}")
    lines.append(f"Spellbook: {_names(view.book)}")
    return lines
