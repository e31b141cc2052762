"""One log line per Stupéfix event, in our words, naming seats by their names (never "you").

Every line is a message of the game's catalogue, translated when it is made; the events themselves hold ids
only (spell and reward kinds, houses' English ids), so a log reads in whatever language is chosen now.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.protocol import Event
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.cards import PROTEGO, RATE, ROUNDS, STUPEFIX, house_name
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.i18n import listing, ngettext
from tabletop.games.stupefix.rules import PHASE_NAMES
from tabletop.games.stupefix.terms import reward_name, spell_name
from tabletop.games.stupefix.view import StupefixView
from tabletop.i18n import N_

# Private Lessons taken: (a Misfire discarded?, what the search of the discard pile found) -> the line.
LESSON_LINES = {
    (True, "up"): N_("Private Lessons: {name} discards a Misfire and takes a face-up Stupefy from the discard pile."),
    (True, "down"): N_(
        "Private Lessons: {name} discards a Misfire and takes a Stupefy from the face-down discards (whose "
        "stays secret)."
    ),
    (True, "none"): N_("Private Lessons: {name} discards a Misfire and finds no Stupefy on the discard pile to take."),
    (True, "choice"): N_(
        "Private Lessons: {name} discards a Misfire and looks through the discard pile for a Stupefy: a "
        "face-up one or a face-down one."
    ),
    (False, "up"): N_(
        "Private Lessons: {name} has no Misfire to discard and takes a face-up Stupefy from the discard pile."
    ),
    (False, "down"): N_(
        "Private Lessons: {name} has no Misfire to discard and takes a Stupefy from the face-down discards (whose "
        "stays secret)."
    ),
    (False, "none"): N_(
        "Private Lessons: {name} has no Misfire to discard and finds no Stupefy on the discard pile to take."
    ),
    (False, "choice"): N_(
        "Private Lessons: {name} has no Misfire to discard and looks through the discard pile for a "
        "Stupefy: a face-up one or a face-down one."
    ),
}


def _rewards(kinds: Sequence[str]) -> str:
    return ", ".join(reward_name(kind) for kind in kinds) if kinds else _("nothing")


def _houses_points(points: Sequence[tuple[str, int]]) -> str:
    return ", ".join(f"{house_name(house)} {value}" for house, value in points)


def _retard_card(reason: str) -> str:
    return reward_name("retourneur" if reason == "retourneur" else "chouchou")


def describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int | None) -> str:
        if seat is None:
            return _("nobody")
        return names[seat] if 0 <= seat < len(names) else _("Seat {number}").format(number=seat + 1)

    match event:
        case ev.RoundStarted(round=r, rounds=total, chouchou=c):
            return _("Round {round} of {rounds} begins; {name} is the Teacher's Pet.").format(
                round=r, rounds=total, name=who(c)
            )
        case ev.RewardsRevealed(rewards=rewards, deck_left=left):
            line = ngettext(
                "Rewards revealed beside Become Teacher's Pet: {rewards} ({count} left in the deck).",
                "Rewards revealed beside Become Teacher's Pet: {rewards} ({count} left in the deck).",
                left,
            )
            return line.format(rewards=_rewards(rewards), count=left)
        case ev.PhaseStarted(phase="prepare"):
            return _("Each player prepares a spell card, face down.")
        case ev.PhaseStarted(phase="target"):
            return _("Witches and wizards, wands at the ready! One, two, three: wands point.")
        case ev.PhaseStarted(phase="cast"):
            return _(
                "The Teacher's Pet counts again - one, two, three: each wizard casts the prepared spell, or Protego."
            )
        case ev.PhaseStarted(phase=phase):
            return _("Phase: {phase}.").format(phase=_(PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase)
        case ev.SpellPrepared(seat=s, spell=None):
            return _("{name} lays a spell card face down.").format(name=who(s))
        case ev.SpellPrepared(seat=s, spell=str(spell)):
            return _("{name} prepares {spell} (only they know).").format(name=who(s), spell=spell_name(spell))
        case ev.WandPointed(seat=s, target=None):
            return _("{name} points at nobody: too late.").format(name=who(s))
        case ev.WandPointed(seat=s, target=t):
            return _("{name} points their wand at {target}.").format(name=who(s), target=who(t))
        case ev.CastChosen(seat=s, protego=None):
            return _("{name} is ready to cast.").format(name=who(s))
        case ev.CastChosen(seat=s, protego=True):
            return _("{name} will cast Protego (only they know).").format(name=who(s))
        case ev.CastChosen(seat=s):
            return _("{name} will cast their spell, not Protego (only they know).").format(name=who(s))
        case ev.SpellsRevealed(casts=casts):
            cast = _("{name} {spell}")  # a seat and the spell it cast, in the list of them all
            shown = ", ".join(cast.format(name=who(s), spell=spell_name(c)) for s, c in enumerate(casts))
            return _("Everyone casts at once: {casts}.").format(casts=shown)
        case ev.FlagDown(seat=s, reason="protego"):
            return _(
                "{name} is protected by Protego: flag down, the prepared card (if any) discarded face down."
            ).format(name=who(s))
        case ev.FlagDown(seat=s, retard=n):
            line = ngettext(
                "{name} is stunned by {count} Stupefy: flag down and {count} Late token.",
                "{name} is stunned by {count} Stupefy: flag down and {count} Late tokens.",
                n,
            )
            return line.format(name=who(s), count=n)
        case ev.DraftStarted(order=order):
            line = _("Standing flags share the rewards, in this order: {order}.")
            return line.format(order=", ".join(who(s) for s in order))
        case ev.NobodyStanding(discarded=cards):
            line = _("No flag is standing: the rewards are discarded ({rewards}) and the Teacher's Pet stays.")
            return line.format(rewards=_rewards(cards))
        case ev.RewardTaken(seat=s, reward=r, forced=True):
            # (one kind left, one card of it or several: each of them is not "the only reward left")
            line = _("{name} takes {reward} (nothing else left to choose).")
            return line.format(name=who(s), reward=reward_name(r))
        case ev.RewardTaken(seat=s, reward=r):
            return _("{name} takes {reward}.").format(name=who(s), reward=reward_name(r))
        case ev.LessonTaken(seat=s, discarded=discarded, found=found):
            return _(LESSON_LINES[bool(discarded), found]).format(name=who(s))
        case ev.StupefixChosen(seat=s, face_down=False):
            return _("{name} takes a face-up Stupefy from the discard pile.").format(name=who(s))
        case ev.StupefixChosen(seat=s):
            return _("{name} takes a Stupefy from the face-down discards (whose stays secret).").format(name=who(s))
        case ev.RetardReturned(seat=s, owner=o, reason=reason) if s == o:
            line = _("{name} gives back their own Late token ({card}).")
            return line.format(name=who(s), card=_retard_card(reason))
        case ev.RetardReturned(seat=s, owner=o, reason=reason):
            line = _("{name} gives back {owner}'s Late token ({card}).")
            return line.format(name=who(s), owner=who(o), card=_retard_card(reason))
        case ev.NoRetardToReturn(seat=s, reason=reason):
            return _("{card} of {name}: no Late token to give back.").format(card=_retard_card(reason), name=who(s))
        case ev.ChouchouTaken(seat=s, last=True):
            return _("{name} takes the Teacher's Pet tile in the last round: no round follows to run.").format(
                name=who(s)
            )
        case ev.ChouchouTaken(seat=s):
            return _("{name} takes the Teacher's Pet tile and will run the next round.").format(name=who(s))
        case ev.RoundEnded(round=r, house_points=points) if r >= ROUNDS:
            # (no flag stands again after the last round: the game ends; it said "Flags stand again", a review)
            line = _("End of round {round}, the last: Points into the urns - {points}.")
            return line.format(round=r, points=_houses_points(points))
        case ev.RoundEnded(round=r, house_points=points):
            line = _("End of round {round}: Points into the urns - {points}. Flags stand again.")
            return line.format(round=r, points=_houses_points(points))
        case ev.PotionsMaster(seat=None, potions=0):
            return _("Nobody made a Successful Potion: nobody is Potions Master.")
        case ev.PotionsMaster(seat=None, potions=n):
            line = ngettext(
                "A tie with {count} Successful Potion: nobody is Potions Master.",
                "A tie with {count} Successful Potions: nobody is Potions Master.",
                n,
            )
            return line.format(count=n)
        case ev.PotionsMaster(seat=s, potions=n):
            line = ngettext(
                "{name} has the most Successful Potions ({count}): Potions Master, +100 for the house.",
                "{name} has the most Successful Potions ({count}): Potions Master, +100 for the house.",
                n,
            )
            return line.format(name=who(s), count=n)
        case ev.Latecomers(seats=()):
            return _("Everyone has the same number of Late tokens: no Latecomer.")
        case ev.Latecomers(seats=seats, retard=n):
            line = ngettext(
                "Latecomer (-100 each) for {names}, with {count} Late token.",
                "Latecomer (-100 each) for {names}, with {count} Late tokens.",
                n,
            )
            return line.format(names=", ".join(who(s) for s in seats), count=n)
        case ev.GameEnded(house_scores=scores, winners=winners):
            tally, named = _houses_points(scores), listing([house_name(house) for house in winners])
            if len(winners) > 1:
                return _("The game ends: {scores}. {houses} share the victory.").format(scores=tally, houses=named)
            return _("The game ends: {scores}. {house} wins.").format(scores=tally, house=named)
    return type(event).__name__


def spell_count(kind: str, count: int) -> str:
    """ "3 Stupefy cards", "1 Misfire card" (French: "3 Stupéfix", Russian: "3 карты «Остолбеней»"); the spell
    cards are Stupéfix and Sort raté only (Protego is no card)."""
    if kind == STUPEFIX:
        return ngettext("{count} Stupefy card", "{count} Stupefy cards", count).format(count=count)
    return ngettext("{count} Misfire card", "{count} Misfire cards", count).format(count=count)


def _spell_count(cards: Sequence[str]) -> str:
    counts = [spell_count(kind, cards.count(kind)) for kind in (STUPEFIX, RATE) if kind in cards]
    return ", ".join(counts) if counts else _("no card")


def secret_lines(view: StupefixView) -> list[str]:
    """What only ``view.seat`` knows: its spell cards in hand, the card it prepared and whether it will cast it
    or Protego (until the spells are cast), and the kinds of the cards it laid face down."""
    lines = [_("Hand: {cards}").format(cards=_spell_count(view.hand))]
    revealed = any(view.casts)  # (each seat's cast is "" until the spells are revealed)
    if view.my_prepared is not None and not revealed:
        lines.append(_("Prepared: {spell}").format(spell=spell_name(view.my_prepared)))
    if view.my_protego is not None and not revealed:
        spell = spell_name(PROTEGO) if view.my_protego else _("the prepared spell")
        lines.append(_("Will cast: {spell}").format(spell=spell))
    if view.my_laid_down:
        lines.append(_("Laid face down: {cards}").format(cards=_spell_count(view.my_laid_down)))
    return lines
