"""House Cup Challenge's end: each player's completed adventures by Year, the winner and the tie-break."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.protocol import Result
from tabletop.games.house_cup_challenge.cards import ADVENTURES, CHARACTERS, ability_mark, listing
from tabletop.games.house_cup_challenge.flow import tiebreak_key
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.games.house_cup_challenge.i18n import ngettext
from tabletop.games.house_cup_challenge.state import ChallengeState
from tabletop.i18n import N_, game_title
from tabletop.play.session import GameSession
from tabletop.ui.tables.house_cup_challenge.faces import CHARACTER_COLOURS
from tabletop.ui.tallies import PlayerTally, ResultsData

# The chart's categories: English keys (each player's ``categories`` too), shown through this game's catalogue.
CATEGORIES = (N_("Year 1"), N_("Year 2"), N_("Year 3"), N_("Year 4"), N_("Year 5"))


def tallies(session: GameSession) -> ResultsData:
    state, result = session.match.state, session.match.result()
    assert result is not None, "the game is not over"
    players = []
    for seat, player in enumerate(state.players):
        cards = [ADVENTURES[card] for card in player.completed]
        lines = [
            (CATEGORIES[card.year - 1], _("{card} (Year\u00a0{year})").format(card=card.title, year=card.year), card.vp)
            for card in cards
        ]  # (a no-break space before the year: a line never ends on "(Year", leaving "1)" alone under it)
        categories = {year: sum(vp for category, _text, vp in lines if category == year) for year in CATEGORIES}
        # (no-break spaces: French with Large text at 1024x640 wrapped "K9 S7 H9" after S7, H9 alone under it)
        abilities = "\u00a0".join(ability_mark(a, v) for a, v in player.abilities.items())
        detail = ngettext(
            "{character}, {count} adventure, {abilities}", "{character}, {count} adventures, {abilities}", len(cards)
        ).format(character=CHARACTERS[player.character].name, count=len(cards), abilities=abilities)
        tally = PlayerTally(
            session.name(seat), "Gryffindor", lines, player.vp, categories, detail, seat in result.winners
        )
        tally.picture = f"house_cup_challenge/{player.character}"  # (everyone's crest is Gryffindor's: the token)
        players.append(tally)
    # Everyone plays for Gryffindor: each player's bars take their character's colour instead.
    colours = [CHARACTER_COLOURS[player.character] for player in state.players]
    note = tiebreak_note(state, result.winners, session.names())
    headline = named_headline(result, [player.character for player in state.players], session.names())
    return ResultsData(game_title(session.game.id, session.game.title), players, headline, note, CATEGORIES, colours)


def named_headline(result: Result, characters: Sequence[str], names: Sequence[str]) -> str:
    """The result's line with its winners named as people: the rules name them by character ("Harry Potter wins
    with 162 VP"), the screens "Ada (Harry Potter)"."""
    headline = result.summary
    for seat in result.winners:
        character = CHARACTERS[characters[seat]].name
        headline = headline.replace(character, f"{names[seat]} ({character})", 1)
    return headline


def tiebreak_note(state: ChallengeState, winners: tuple[int, ...], names: Sequence[str]) -> str:
    """What broke a tie on VP, with the figures that broke it: the note named only the rule ("the highest ability
    10" where both had 10, the Years' cards that decided left out)."""
    best = max(p.vp for p in state.players)
    if sum(p.vp == best for p in state.players) == 1:
        return ""
    tied = [seat for seat, p in enumerate(state.players) if p.vp == best]
    if len(winners) == len(tied):
        return _("Tied on VP, on completed cards of every Year and on the highest ability: they share the win.")
    winner = winners[0]  # (the winners' keys are alike)
    mine = tiebreak_key(state, winner)
    others = [tiebreak_key(state, seat) for seat in tied if seat not in winners]
    # Where the winners' figures first differ from each other tied player's: one place for all of them is said
    # with its figures (three tied: "Ada's ability 10 to 9" was untrue of a third behind on Year 5 cards).
    places = {next(index for index in range(1, len(mine)) if mine[index] != key[index]) for key in others}
    if len(winners) > 1:
        # Some of the tied share the win, the others lost on the tie-break: the note said all of them were tied
        # on every Year and the ability, and named neither the sharers nor why the others lost.
        return _shared_on_tiebreak(best, listing([names[seat] for seat in winners]), places, mine, max(others))
    if len(places) > 1:
        line = ngettext(
            "Tied on {count} VP; {name} wins the tie-break (later Years' cards, then the highest ability).",
            "Tied on {count} VP; {name} wins the tie-break (later Years' cards, then the highest ability).",
            best,
        )
        return line.format(count=best, name=names[winner])
    (decided,) = places
    theirs = max(others)
    if decided < len(mine) - 1:  # the Years' counts, Year 5 first
        line = ngettext(
            "Tied on {count} VP; {name} completed more Year {year} cards ({mine} to {theirs}).",
            "Tied on {count} VP; {name} completed more Year {year} cards ({mine} to {theirs}).",
            best,
        )
        year = 6 - decided
        return line.format(count=best, name=names[winner], year=year, mine=mine[decided], theirs=theirs[decided])
    line = ngettext(
        "Tied on {count} VP and on every Year's cards; {name}'s highest ability is higher ({mine} to {theirs}).",
        "Tied on {count} VP and on every Year's cards; {name}'s highest ability is higher ({mine} to {theirs}).",
        best,
    )
    return line.format(count=best, name=names[winner], mine=mine[decided], theirs=theirs[decided])


def _shared_on_tiebreak(best: int, names: str, places: set[int], mine: tuple, theirs: tuple) -> str:
    """The note when some of the players tied on VP share the win and the tie-break left the others out."""
    if len(places) > 1:
        line = ngettext(
            "Tied on {count} VP; {names} win the tie-break together (later Years' cards, then the highest "
            "ability) and share the win.",
            "Tied on {count} VP; {names} win the tie-break together (later Years' cards, then the highest "
            "ability) and share the win.",
            best,
        )
        return line.format(count=best, names=names)
    (decided,) = places
    if decided < len(mine) - 1:  # the Years' counts, Year 5 first
        line = ngettext(
            "Tied on {count} VP; {names} completed more Year {year} cards ({mine} to {theirs}) and share the win.",
            "Tied on {count} VP; {names} completed more Year {year} cards ({mine} to {theirs}) and share the win.",
            best,
        )
        return line.format(count=best, names=names, year=6 - decided, mine=mine[decided], theirs=theirs[decided])
    line = ngettext(
        "Tied on {count} VP and on every Year's cards; {names} share the win with the highest ability "
        "({mine} to {theirs}).",
        "Tied on {count} VP and on every Year's cards; {names} share the win with the highest ability "
        "({mine} to {theirs}).",
        best,
    )
    return line.format(count=best, names=names, mine=mine[decided], theirs=theirs[decided])
