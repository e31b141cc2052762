"""One log line per Stupéfix event, in our words, naming seats by their names (never "you")."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.protocol import Event
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.cards import PROTEGO, REWARDS, SPELL_NAMES, SPELLS
from tabletop.games.stupefix.view import StupefixView


def _rewards(kinds: Sequence[str]) -> str:
    return ", ".join(REWARDS[kind].name for kind in kinds) if kinds else "nothing"


def describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    match event:
        case ev.RoundStarted(round=r, rounds=total, chouchou=c):
            return f"Round {r} of {total} begins; {who(c)} is the Chouchou."
        case ev.RewardsRevealed(rewards=rewards, deck_left=left):
            return f"Rewards revealed beside Devenir le Chouchou: {_rewards(rewards)} ({left} left in the deck)."
        case ev.PhaseStarted(phase="prepare"):
            return "Each player prepares a spell card, face down."
        case ev.PhaseStarted(phase="target"):
            return "Sorcières, Sorciers, à vos baguettes ! One, two, three: wands point."
        case ev.PhaseStarted(phase="cast"):
            return "The Chouchou counts again - one, two, three: each wizard casts the prepared spell, or Protego."
        case ev.PhaseStarted(phase=phase):
            return f"Phase: {phase}."
        case ev.SpellPrepared(seat=s, spell=None):
            return f"{who(s)} lays a spell card face down."
        case ev.SpellPrepared(seat=s, spell=str(spell)):
            return f"{who(s)} prepares {SPELL_NAMES[spell]} (only they know)."
        case ev.WandPointed(seat=s, target=None):
            return f"{who(s)} points at nobody: too late."
        case ev.WandPointed(seat=s, target=t):
            return f"{who(s)} points their wand at {who(t)}."
        case ev.CastChosen(seat=s, protego=None):
            return f"{who(s)} is ready to cast."
        case ev.CastChosen(seat=s, protego=p):
            return f"{who(s)} will cast {'Protego' if p else 'their spell, not Protego'} (only they know)."
        case ev.SpellsRevealed(casts=casts):
            shown = ", ".join(f"{who(s)} {SPELL_NAMES[c]}" for s, c in enumerate(casts))
            return f"Everyone casts at once: {shown}."
        case ev.FlagDown(seat=s, reason="protego"):
            return f"{who(s)} is protected by Protego: flag down, the prepared card (if any) discarded face down."
        case ev.FlagDown(seat=s, retard=n):
            plural = "s" if n > 1 else ""
            return f"{who(s)} is stunned by {n} Stupéfix: flag down and {n} Retard token{plural}."
        case ev.DraftStarted(order=order):
            return f"Standing flags share the rewards, in this order: {', '.join(who(s) for s in order)}."
        case ev.NobodyStanding(discarded=cards):
            return f"No flag is standing: the rewards are discarded ({_rewards(cards)}) and the Chouchou stays."
        case ev.RewardTaken(seat=s, reward=r, forced=forced):
            only = " (the only reward left)" if forced else ""
            return f"{who(s)} takes {REWARDS[r].name}{only}."
        case ev.LessonTaken(seat=s, discarded=discarded, found=found):
            gave = "discards a Sort raté" if discarded else "has no Sort raté to discard"
            took = {
                "up": "and takes a face-up Stupéfix from the discard pile",
                "down": "and takes a Stupéfix from the face-down discards (whose stays secret)",
                "none": "and finds no Stupéfix on the discard pile to take",
                "choice": "and looks through the discard pile for a Stupéfix: a face-up one or a face-down one",
            }[found]
            return f"Cours Particuliers: {who(s)} {gave} {took}."
        case ev.StupefixChosen(seat=s, face_down=False):
            return f"{who(s)} takes a face-up Stupéfix from the discard pile."
        case ev.StupefixChosen(seat=s):
            return f"{who(s)} takes a Stupéfix from the face-down discards (whose stays secret)."
        case ev.RetardReturned(seat=s, owner=o, reason=reason):
            card = "Retourneur de Temps" if reason == "retourneur" else "Devenir le Chouchou"
            whose = "their own" if s == o else f"{who(o)}'s"
            return f"{who(s)} gives back {whose} Retard token ({card})."
        case ev.NoRetardToReturn(seat=s, reason=reason):
            card = "Retourneur de Temps" if reason == "retourneur" else "Devenir le Chouchou"
            return f"{card} of {who(s)}: no Retard token to give back."
        case ev.ChouchouTaken(seat=s):
            return f"{who(s)} takes the Chouchou tile and will run the next round."
        case ev.RoundEnded(round=r, house_points=points):
            haul = ", ".join(f"{house} {value}" for house, value in points)
            return f"End of round {r}: Points into the urns - {haul}. Flags stand again."
        case ev.PotionsMaster(seat=None, potions=n):
            if n == 0:
                return "Nobody made a Potion Réussie: nobody wins Maître des Potions."
            return f"A tie with {n} Potion Réussie: nobody wins Maître des Potions."
        case ev.PotionsMaster(seat=s, potions=n):
            return f"{who(s)} has the most Potion Réussie ({n}): Maître des Potions, +100 for the house."
        case ev.Latecomers(seats=(), retard=n):
            return "Everyone has the same number of Retard tokens: no Retardataire."
        case ev.Latecomers(seats=seats, retard=n):
            return f"Retardataire (-100 each) for {', '.join(who(s) for s in seats)}, with {n} Retard tokens."
        case ev.GameEnded(house_scores=scores, winners=winners):
            tally = ", ".join(f"{house} {points}" for house, points in scores)
            verb = "share the victory" if len(winners) > 1 else "wins"
            return f"The game ends: {tally}. {' and '.join(winners)} {verb}."
    return type(event).__name__


def _spell_count(cards: Sequence[str]) -> str:
    counts = [f"{cards.count(kind)} {SPELL_NAMES[kind]}" for kind in SPELLS if kind in cards]
    return ", ".join(counts) if counts else "no card"


def secret_lines(view: StupefixView) -> list[str]:
    """What only ``view.seat`` knows: its spell cards in hand, the card it prepared and whether it will cast it
    or Protego (until the spells are cast), and the kinds of the cards it laid face down."""
    lines = [f"Hand: {_spell_count(view.hand)}"]
    revealed = bool(view.casts)
    if view.my_prepared is not None and not revealed:
        lines.append(f"Prepared: {SPELL_NAMES[view.my_prepared]}")
    if view.my_protego is not None and not revealed:
        lines.append(f"Will cast: {SPELL_NAMES[PROTEGO] if view.my_protego else 'the prepared spell'}")
    if view.my_laid_down:
        lines.append(f"Laid face down: {_spell_count(view.my_laid_down)}")
    return lines
