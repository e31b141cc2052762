"""What a score on the House Cup Challenge table is made of, as the results screen tells it: a player's VP by the
adventures they completed, Year by Year; Gryffindor's points by the players who earned them.

Only what the seat on screen may see is used: completed adventures and VP are public.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.games.house_cup_challenge.cards import ADVENTURES, CHARACTERS, END_POINTS, YEAR_TITLES
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.games.house_cup_challenge.i18n import ngettext
from tabletop.games.house_cup_challenge.view import ChallengeView, PlayerView


@dataclass(frozen=True)
class Breakdown:
    """A score explained: a title, a line under it, sections of (words, points) lines, and the total."""

    title: str
    note: str
    sections: tuple[tuple[str, tuple[tuple[str, int | None], ...]], ...]
    total: str


def player_breakdown(view: ChallengeView, seat: int, names: Sequence[str]) -> Breakdown:
    """A player's VP: every adventure they completed, by Year, with its VP (the sum is their VP)."""
    player = view.players[seat]
    character = CHARACTERS[player.character].name
    sections = []
    for year in range(1, 6):
        cards = [card for card in player.completed if ADVENTURES[card].year == year]
        if cards:
            points = sum(ADVENTURES[card].vp for card in cards)
            heading = ngettext(
                "Year {year}: {count} adventure, {points}", "Year {year}: {count} adventures, {points}", len(cards)
            ).format(year=year, count=len(cards), points=vp_words(points))
            sections.append((heading, tuple((ADVENTURES[card].title, ADVENTURES[card].vp) for card in cards)))
    note = _("Each completed adventure gives its VP to its player and as many points to Gryffindor.")
    if not sections:
        note = _("No adventure completed yet: completing one gives its VP (and Gryffindor as many points).")
    note = f"{holdings(player)} {note}"
    title = _("{name} ({character})").format(name=names[seat], character=character)
    return Breakdown(title, note, tuple(sections), vp_words(player.vp))


def holdings(player: PlayerView) -> str:
    """What the panel's counts say, in words (a narrow panel shows them as small cards with numbers)."""
    hand = ngettext("{count} card in hand", "{count} cards in hand", player.hand_count)
    done = ngettext("{count} adventure completed.", "{count} adventures completed.", len(player.completed))
    words = f"{hand.format(count=player.hand_count)}, {done.format(count=len(player.completed))}"
    if player.character == "harry":
        used = player.harry_used
        words += " " + (_("Harry's walk-past: used this round.") if used else _("Harry's walk-past: free this round."))
    return words


def vp_words(points: int) -> str:
    """ "12 VP", in the current language."""
    return ngettext("{count} VP", "{count} VP", points).format(count=points)


def dry_streak(view: ChallengeView) -> int:
    """The rounds in a row without VP as they stand. The stalemate looks at this round and the two before it, so
    once someone has gained VP this round there is none: its step 4 starts the count again."""
    return 0 if view.scored else view.dry_rounds


def stalemate_words(view: ChallengeView) -> str:
    """The stalemate rule as it stands: how many rounds in a row have gone without VP, and what a third brings."""
    dry = dry_streak(view)
    if view.year < 5:
        rule = _("Three rounds in a row without VP for anyone end the term: Gryffindor moves up to {points}")
        rule = rule.format(points=100 * view.year)
    else:
        rule = _("Three rounds in a row without VP for anyone end the game at once: the most VP wins")
    if not dry:
        return rule
    so_far = ngettext("{count} round in a row without VP so far.", "{count} rounds in a row without VP so far.", dry)
    return f"{so_far.format(count=dry)} {rule}"


def track_breakdown(view: ChallengeView, names: Sequence[str]) -> Breakdown:
    """Gryffindor's points: each player's VP, the points a stalemate added, and what the next marks bring."""
    lines: list[tuple[str, int | None]] = [
        (_("{name} ({character})").format(name=names[seat], character=CHARACTERS[player.character].name), player.vp)
        for seat, player in enumerate(view.players)
    ]
    extra = view.track - sum(player.vp for player in view.players)
    if extra > 0:
        lines.append((_("Added when a term ended without VP (stalemate)"), extra))
    # What comes: the next New Year and the end (rule 1.2: at 500 the round's action steps are played out, then
    # the game ends); once the end has come, nothing.
    marks: list[tuple[str, int | None]] = []
    if view.over:
        pass
    elif view.ending:
        mark = _("Gryffindor reached {points}: this round's action steps are played out, then the most VP wins")
        marks.append((mark.format(points=END_POINTS), None))
    else:
        if view.year < 5:
            year = view.year + 1
            mark = _("At {points}: New Year, Year {year} ({title}) cards join")
            marks.append((mark.format(points=100 * view.year, year=year, title=YEAR_TITLES[year]), None))
        mark = _("At {points}: this round's action steps are played out, then the most VP wins")
        marks.append((mark.format(points=END_POINTS), None))
        marks.append((stalemate_words(view), None))
    earned = (_("Points earned"), tuple(lines))
    sections = (earned, (_("Ahead"), tuple(marks))) if marks else (earned,)
    note = _("Every VP a player gains moves Gryffindor forward as much.")
    return Breakdown(_("Gryffindor's points"), note, sections, f"{view.track} / {END_POINTS}")
