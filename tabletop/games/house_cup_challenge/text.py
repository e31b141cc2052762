"""House Cup Challenge log lines, in our words. Seats are named by the names given, never "you".

Every line is made in the current language from the game's catalogue (``_()`` and ``ngettext`` with named
placeholders); the events themselves hold only ids and English keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.core.protocol import Event
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import name
from tabletop.games.house_cup_challenge.cards import (
    ABILITY_NAMES,
    ADVENTURES,
    CHARACTERS,
    YEAR_TITLES,
    listing,
    title,
    vp,
)
from tabletop.games.house_cup_challenge.i18n import Translated, ngettext
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.games.house_cup_challenge.view import ChallengeView
from tabletop.i18n import N_, end_sentence

STEP_NAMES = Translated(
    {
        1: N_("First Action"),
        2: N_("Second Action"),
        3: N_("Third Action"),
        4: N_("Check for New Year"),
        5: N_("New Adventure Cards"),
        6: N_("Pass the Wand"),
    }
)
WAYS = Translated(
    {
        "able": N_("their abilities already pass its Test"),
        "harry": N_("The Boy Who Lived"),
        "cloak": N_("the Invisibility Cloak"),
        "map": N_("the Marauder's Map"),
    }
)
DRAW_WHY = Translated(
    {
        "bonus": N_("as the bonus for playing to another space"),
        "reward": N_("as a reward"),
        "hedwig": N_("with Hedwig"),
        "holiday": N_("for the summer holidays"),
        "special_empty": N_("(the Special deck is empty)"),
    }
)
DISCARD_WHY = Translated({"setback": N_("setback"), "limit": N_("hand limit"), "holiday": N_("summer holidays")})


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(title(card) for card in cards) if cards else _("nothing")


def seat_name(seat: int) -> str:
    return _("Seat {number}").format(number=seat + 1)


def describe(event: Event, names: Sequence[str]) -> str:
    """The log's line for ``event`` (a title ending in "!" or "?" ends it without a full stop: ``end_sentence``)."""
    return end_sentence(_describe(event, names))


def _describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else seat_name(seat)

    match event:
        case ev.GameStarted(characters=characters, wand=wand, prefect=prefect, hand_size=n):
            cast = ", ".join(
                _("{name} plays {character}").format(name=who(s), character=CHARACTERS[c].name)
                for s, c in enumerate(characters)
            )
            line = ngettext(
                "{cast}. {wand} holds the Wand, {prefect} is the Prefect; everyone draws {count} card.",
                "{cast}. {wand} holds the Wand, {prefect} is the Prefect; everyone draws {count} cards.",
                n,
            )
            return line.format(cast=cast, wand=who(wand), prefect=who(prefect), count=n)
        case ev.RoundStarted(round=r, wand=wand, year=year):
            line = _("Round {round} (Year {year}, {year_title}): {name} holds the Wand.")
            return line.format(round=r, year=year, year_title=YEAR_TITLES[year], name=who(wand))
        case ev.StepStarted(step=step):
            return _("Step {step}: {step_name}.").format(step=step, step_name=STEP_NAMES[step])
        case ev.ActionStarted(seat=s, extra="time"):
            return _("{name} turns the Time-Turner: two more actions.").format(name=who(s))
        case ev.ActionStarted():
            return ""
        case ev.Passed(seat=s):
            return _("{name} passes.").format(name=who(s))
        case ev.CardsDrawn():
            return _drawn(event, who(event.seat))
        case ev.Reshuffled(count=n):
            line = ngettext(
                "The discard pile ({count} card) is shuffled into a new Adventure Deck.",
                "The discard pile ({count} cards) is shuffled into a new Adventure Deck.",
                n,
            )
            return line.format(count=n)
        case ev.Moved():
            return _moved(event, who(event.seat))
        case ev.WalkedPast(seat=s, card=c, cell=cell, way=way):
            line = _("{name} walks past {card} on {space} ({way}).")
            return line.format(name=who(s), card=title(c), space=name(cell), way=WAYS[way])
        case ev.CardPlayed(seat=s, card=c, cell=cell):
            return _("{name} plays {card} on {space}.").format(name=who(s), card=title(c), space=name(cell))
        case ev.EncounterStarted(seat=s, card=c, cell=cell):
            line = _("{name} encounters {card} (Test {test}).")
            return line.format(name=who(s), card=title(c), test=ADVENTURES[c].test.text())
        case ev.Boosted(seat=s, card=c, ability=a, amount=n):
            if c in ADVENTURES:
                line = _("{name} discards {card} for +{amount} {ability}.")
            else:
                line = _("{name} flips {card} for +{amount} {ability}.")
            return line.format(name=who(s), card=title(c), amount=n, ability=ABILITY_NAMES[a])
        case ev.TestChecked():
            return _checked(event, who(event.seat))
        case ev.AdventureCompleted(seat=s, card=c, vp=points, track=track):
            line = _("{name} completes {card}: {vp} (Gryffindor {track}).")
            return line.format(name=who(s), card=title(c), vp=vp(points), track=track)
        case ev.AbilityRaised(seat=s, ability=a, amount=n, value=v, why=why):
            if n == 0:
                return _("{name}'s {ability} is already {value}.").format(
                    name=who(s), ability=ABILITY_NAMES[a], value=v
                )
            if why == "feast":
                line = _("{name}'s {ability} rises by {amount} to {value} at the end-of-year feast.")
            else:
                line = _("{name}'s {ability} rises by {amount} to {value}.")
            return line.format(name=who(s), ability=ABILITY_NAMES[a], amount=n, value=v)
        case ev.SpecialGained(seat=s, card=c):
            return _("{name} takes the Special Card {card}.").format(name=who(s), card=title(c))
        case ev.SpecialFlipped(seat=s, card=c):
            return _("{name} uses {card} (now face down).").format(name=who(s), card=title(c))
        case ev.EncounterFailed(seat=s, card=c, ignored=True):
            line = _("{name} fails {card}, but Expelliarmus cancels the setback.")
            return line.format(name=who(s), card=title(c))
        case ev.EncounterFailed(seat=s, card=c):
            return _("{name} fails {card}: setback.").format(name=who(s), card=title(c))
        case ev.CardDiscarded(seat=s, card=c, why=why):
            if why == "boost":
                return ""
            line = _("{name} discards {card} ({why}).")
            return line.format(name=who(s), card=title(c), why=DISCARD_WHY[why])
        case ev.CardTaken(seat=s, card=c, cell=cell):
            line = _("{name} summons {card} from {space} into their hand with Accio!.")
            return line.format(name=who(s), card=title(c), space=name(cell))
        case ev.Swapped(seat=s, other=o):
            line = _("{name} drinks the Polyjuice Potion and swaps places with {other}.")
            return line.format(name=who(s), other=who(o))
        case ev.CardRevealed(seat=s, card=c, placeable=ok):
            if ok:
                line = _("{name} reveals {card} (Year {year}).")
                return line.format(name=who(s), card=title(c), year=ADVENTURES[c].year)
            line = _("{name} reveals {card}: none of its spaces is free, so it is set aside.")
            return line.format(name=who(s), card=title(c))
        case ev.CardPlaced(card=c, cell=cell):
            return _("{card} is put face up on {space}.").format(card=title(c), space=name(cell))
        case ev.AsideDiscarded(cards=cards):
            return _("The cards set aside go to the discard pile: {cards}.").format(cards=_cards(cards))
        case ev.NewYear(year=year, added=n):
            line = ngettext(
                "New Year! Year {year} ({year_title}) begins; its {count} card is shuffled into the deck.",
                "New Year! Year {year} ({year_title}) begins; its {count} cards are shuffled into the deck.",
                n,
            )
            return line.format(year=year, year_title=YEAR_TITLES[year], count=n)
        case ev.SpecialsRefreshed(seat=s, cards=cards, token=token):
            parts = [_cards(cards)] if cards else []
            if token:
                parts.append(_("the Wand Bonus Token"))
            return _("{name} turns {cards} face up again.").format(name=who(s), cards=listing(parts))
        case ev.BoardCleaned(cards=cards):
            line = _("Clean-up: old adventures leave the board: {cards}.")
            return line.format(cards=_cards([c for _cell, c in cards]))
        case ev.WandPassed(seat=s):
            return _("The Wand passes to {name}.").format(name=who(s))
        case ev.TokenFlipped(seat=s):
            return _("{name} flips the Wand Bonus Token for an extra action.").format(name=who(s))
        case ev.Stalemate(year=year, points=points, track=track):
            if points == 0:
                return _("Three rounds without any VP: the last term ends in a stalemate.")
            line = _("Three rounds without any VP: Year {year} ends early; Gryffindor moves up {points} to {track}.")
            return line.format(year=year, points=points, track=track)
        case ev.EndReached(track=track):
            line = _("Gryffindor reaches {track}: this round's action steps are played out, then the game ends.")
            return line.format(track=track)
        case ev.GameEnded(scores=scores, winners=winners, reason=reason):
            return _ended(scores, winners, reason, who)
    return type(event).__name__


def _drawn(event: ev.CardsDrawn, who: str) -> str:
    n, wanted = event.count, event.wanted
    why = DRAW_WHY.get(event.why, "")
    reason = f" {why}" if why else ""
    if n == 0:
        line = ngettext(
            "{name} would draw {count} card{reason}, but both piles are empty.",
            "{name} would draw {count} cards{reason}, but both piles are empty.",
            wanted,
        )
        return line.format(name=who, count=wanted, reason=reason)
    short = ""
    if n < wanted:
        short = " " + ngettext("(only {count} of {wanted} was left)", "(only {count} of {wanted} were left)", n)
        short = short.format(count=n, wanted=wanted)
    if event.cards is None:
        line = ngettext("{name} draws {count} card{reason}{short}.", "{name} draws {count} cards{reason}{short}.", n)
        return line.format(name=who, count=n, reason=reason, short=short)
    return _("{name} draws {cards}{reason}{short}.").format(
        name=who, cards=_cards(event.cards), reason=reason, short=short
    )


def _moved(event: ev.Moved, who: str) -> str:
    where, how = name(event.path[-1]), event.how
    if how == "retreat":
        return _("{name} retreats to {space}.").format(name=who, space=where)
    if how == "hospital":
        return _("{name} is sent to the Hospital Wing.").format(name=who)
    if how == "firebolt":
        return _("{name} flies on the Firebolt to {space}.").format(name=who, space=where)
    if how == "floo":
        return _("{name} travels by Floo Powder to {space}.").format(name=who, space=where)
    via = " → ".join(name(cell) for cell in (event.start, *event.path) if cell)  # (from where it set out)
    if how == "map":
        return _("{name} moves with the Marauder's Map: {path}.").format(name=who, path=via)
    if how == "nimbus":
        return _("{name} moves on the Nimbus Two Thousand: {path}.").format(name=who, path=via)
    return _("{name} moves: {path}.").format(name=who, path=via)


def _checked(event: ev.TestChecked, who: str) -> str:
    shown = ", ".join(_("{ability} {value}").format(ability=ABILITY_NAMES[a], value=v) for a, v in event.values)
    lines = {
        (True, "first"): _("{name} passes the Test of {card} ({values})."),
        # (not "fails": boosts may follow, and a reader took it for the encounter's end: a review of the bots' games)
        (False, "first"): _("{name} falls short of the Test of {card} at first ({values}): boosts may follow."),
        (True, "boosted"): _("{name} passes the Test of {card} after the boosts ({values})."),
        (False, "boosted"): _("{name} fails the Test of {card} after the boosts ({values})."),
        (True, "unboosted"): _("{name} passes the Test of {card} on the second check, without boosts ({values})."),
        (False, "unboosted"): _("{name} fails the Test of {card} again, without boosts ({values})."),
        (True, "fawkes"): _("{name} passes the Test of {card} with Fawkes the Phoenix ({values})."),
        (False, "fawkes"): _("{name} fails the Test of {card} with Fawkes the Phoenix ({values})."),
    }
    return lines[event.passed, event.attempt].format(name=who, card=title(event.card), values=shown)


def _ended(scores: Sequence[int], winners: Sequence[int], reason: str, who: Callable[[int], str]) -> str:
    tally = ", ".join(_("{name} {vp}").format(name=who(s), vp=vp(p)) for s, p in enumerate(scores))
    why = _("Gryffindor reached 500") if reason == "500" else _("the last term ended")
    won = listing([who(s) for s in winners])
    if len(winners) > 1:
        line = _("The game ends ({why}): {tally}. {names} share the win.")
    else:
        line = _("The game ends ({why}): {tally}. {names} wins.")
    return line.format(why=why, tally=tally, names=won)


def secret_lines(view: ChallengeView) -> list[str]:
    """What only ``view.seat`` knows: the Adventure Cards in its hand (the others see only how many)."""
    hand = view.players[view.seat].hand or ()
    if not hand:
        return [_("Hand: empty")]
    return [_("Hand: {cards}").format(cards=", ".join(title(card) for card in hand))]
