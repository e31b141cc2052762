"""House Cup Challenge log lines, in our words. Seats are named by the names given, never "you"."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.protocol import Event
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import name
from tabletop.games.house_cup_challenge.cards import ABILITY_NAMES, ADVENTURES, CHARACTERS, YEAR_TITLES, title
from tabletop.games.house_cup_challenge.view import ChallengeView

STEP_NAMES = {
    1: "First Action",
    2: "Second Action",
    3: "Third Action",
    4: "Check for New Year",
    5: "New Adventure Cards",
    6: "Pass the Wand",
}
WAYS = {
    "able": "their abilities already pass its Test",
    "harry": "The Boy Who Lived",
    "cloak": "the Invisibility Cloak",
    "map": "the Marauder's Map",
}
DRAW_WHY = {
    "draw": "",
    "bonus": " as the bonus for playing to another space",
    "reward": " as a reward",
    "hedwig": " with Hedwig",
    "holiday": " for the summer holidays",
    "special_empty": " (the Special deck is empty)",
}


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(title(card) for card in cards) if cards else "nothing"


def describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    match event:
        case ev.GameStarted(characters=characters, wand=wand, prefect=prefect, hand_size=n):
            cast = ", ".join(f"{who(s)} plays {CHARACTERS[c].name}" for s, c in enumerate(characters))
            return f"{cast}. {who(wand)} holds the Wand, {who(prefect)} is the Prefect; everyone draws {n} cards."
        case ev.RoundStarted(round=r, wand=wand, year=year):
            return f"Round {r} (Year {year}, {YEAR_TITLES[year]}): {who(wand)} holds the Wand."
        case ev.StepStarted(step=step):
            return f"Step {step}: {STEP_NAMES[step]}."
        case ev.ActionStarted(seat=s, extra="time"):
            return f"{who(s)} turns the Time-Turner: two more actions."
        case ev.ActionStarted():
            return ""
        case ev.Passed(seat=s):
            return f"{who(s)} passes."
        case ev.CardsDrawn(seat=s, cards=cards, count=n, wanted=w, why=why):
            reason = DRAW_WHY.get(why, "")
            if n == 0:
                return f"{who(s)} would draw {w}{reason}, but both piles are empty."
            short = f" (only {n} of {w} were left)" if n < w else ""
            if cards is None:
                return f"{who(s)} draws {n} card{'s' * (n != 1)}{reason}{short}."
            return f"{who(s)} draws {_cards(cards)}{reason}{short}."
        case ev.Reshuffled(count=n):
            return f"The discard pile ({n} cards) is shuffled into a new Adventure Deck."
        case ev.Moved(seat=s, path=path, how=how):
            where = name(path[-1])
            if how == "retreat":
                return f"{who(s)} retreats to {where}."
            if how == "hospital":
                return f"{who(s)} is sent to the Hospital Wing."
            if how in ("firebolt", "floo"):
                verb = "flies on the Firebolt" if how == "firebolt" else "travels by Floo Powder"
                return f"{who(s)} {verb} to {where}."
            via = " -> ".join(name(cell) for cell in path)
            extra = {"map": " with the Marauder's Map", "nimbus": " on the Nimbus Two Thousand"}.get(how, "")
            return f"{who(s)} moves{extra}: {via}."
        case ev.WalkedPast(seat=s, card=c, cell=cell, way=way):
            return f"{who(s)} walks past {title(c)} on {name(cell)} ({WAYS[way]})."
        case ev.CardPlayed(seat=s, card=c, cell=cell):
            return f"{who(s)} plays {title(c)} on {name(cell)}."
        case ev.EncounterStarted(seat=s, card=c, cell=cell):
            return f"{who(s)} encounters {title(c)} (Test {ADVENTURES[c].test.text()})."
        case ev.Boosted(seat=s, card=c, ability=a, amount=n):
            source = f"flips {title(c)}" if c not in ADVENTURES else f"discards {title(c)}"
            return f"{who(s)} {source} for +{n} {ABILITY_NAMES[a]}."
        case ev.TestChecked(seat=s, card=c, values=values, passed=passed, attempt=attempt):
            shown = ", ".join(f"{ABILITY_NAMES[a]} {v}" for a, v in values)
            again = {"first": "", "boosted": " after the boosts", "fawkes": " with Fawkes the Phoenix"}[attempt]
            verdict = "passes" if passed else "fails"
            return f"{who(s)} {verdict} the Test of {title(c)}{again} ({shown})."
        case ev.AdventureCompleted(seat=s, card=c, vp=vp, track=track):
            return f"{who(s)} completes {title(c)}: {vp} VP (Gryffindor {track})."
        case ev.AbilityRaised(seat=s, ability=a, amount=n, value=v, why=why):
            if n == 0:
                return f"{who(s)}'s {ABILITY_NAMES[a]} is already {v}."
            reason = " at the end-of-year feast" if why == "feast" else ""
            return f"{who(s)}'s {ABILITY_NAMES[a]} rises by {n} to {v}{reason}."
        case ev.SpecialGained(seat=s, card=c):
            return f"{who(s)} takes the Special Card {title(c)}."
        case ev.SpecialFlipped(seat=s, card=c):
            return f"{who(s)} uses {title(c)} (now face down)."
        case ev.EncounterFailed(seat=s, card=c, ignored=True):
            return f"{who(s)} fails {title(c)}, but Expelliarmus cancels the setback."
        case ev.EncounterFailed(seat=s, card=c):
            return f"{who(s)} fails {title(c)}: setback."
        case ev.CardDiscarded(seat=s, card=c, why=why):
            because = {"setback": " (setback)", "limit": " (hand limit)", "holiday": " (summer holidays)"}
            if why == "boost":
                return ""
            return f"{who(s)} discards {title(c)}{because[why]}."
        case ev.CardTaken(seat=s, card=c, cell=cell):
            return f"{who(s)} summons {title(c)} from {name(cell)} into their hand with Accio!."
        case ev.Swapped(seat=s, other=o):
            return f"{who(s)} drinks the Polyjuice Potion and swaps places with {who(o)}."
        case ev.CardRevealed(seat=s, card=c, placeable=ok):
            if ok:
                return f"{who(s)} reveals {title(c)} (Year {ADVENTURES[c].year})."
            return f"{who(s)} reveals {title(c)}: none of its spaces is free, so it is set aside."
        case ev.CardPlaced(seat=s, card=c, cell=cell):
            return f"{title(c)} is put face up on {name(cell)}."
        case ev.AsideDiscarded(cards=cards):
            return f"The cards set aside go to the discard pile: {_cards(cards)}."
        case ev.NewYear(year=year, added=n):
            return f"New Year! Year {year} ({YEAR_TITLES[year]}) begins; its {n} cards are shuffled into the deck."
        case ev.SpecialsRefreshed(seat=s, cards=cards, token=token):
            parts = [_cards(cards)] if cards else []
            if token:
                parts.append("the Wand Bonus Token")
            return f"{who(s)} turns face up again: {' and '.join(parts)}."
        case ev.BoardCleaned(cards=cards):
            return f"Clean-up: old adventures leave the board: {_cards([c for _, c in cards])}."
        case ev.WandPassed(seat=s):
            return f"The Wand passes to {who(s)}."
        case ev.TokenFlipped(seat=s):
            return f"{who(s)} flips the Wand Bonus Token for an extra action."
        case ev.Stalemate(year=year, points=points, track=track):
            if points == 0:
                return "Three rounds without any VP: the last term ends in a stalemate."
            return f"Three rounds without any VP: Year {year} ends early; Gryffindor moves up {points} to {track}."
        case ev.GameEnded(scores=scores, winners=winners, reason=reason):
            tally = ", ".join(f"{who(s)} {p} VP" for s, p in enumerate(scores))
            won = " and ".join(who(s) for s in winners)
            why = "Gryffindor reached 500" if reason == "500" else "the last term ended"
            return f"The game ends ({why}): {tally}. {won} {'share the win' if len(winners) > 1 else 'wins'}."
    return type(event).__name__


def secret_lines(view: ChallengeView) -> list[str]:
    """What only ``view.seat`` knows: the Adventure Cards in its hand (the others see only how many)."""
    hand = view.players[view.seat].hand or ()
    return [f"Hand: {', '.join(title(card) for card in hand)}" if hand else "Hand: empty"]
