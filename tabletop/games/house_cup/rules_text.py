"""House Cup's rules page, in our own words, for the app's Rules screen, written in English and shown in the
current language (``sections``). The card list comes from ``cards``."""

from __future__ import annotations

from collections import Counter

from tabletop.games.house_cup.cards import CARDS, DAY_SHORT, KINDS, Kind, symbol_name
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.i18n import ngettext
from tabletop.i18n import N_

SECTIONS: list[tuple[str, str]] = [
    (
        N_("The idea"),
        N_(
            "Each round, activity cards are laid on a Monday-to-Friday timetable. You bid for them with three secret "
            "choice tokens numbered 1, 2 and 3. A low token takes its cards early but takes few; a 3 takes three "
            "cards, but last. Collect the sets and single cards that score best by the end of the school week."
        ),
    ),
    (
        N_("Setting up"),
        N_(
            "Each player takes a house and its three choice tokens. With 2 or 3 players the rulebook recommends "
            "leaving 7 Potions cards and one of each Exploring the Castle card in the box (the setup's Deck line: "
            "Recommended, or the Full deck). The deck is shuffled; the 46 reward tokens form the "
            "supply (once it is empty, nobody gains a reward token). The Sorting Hat marks the first player."
        ),
    ),
    (
        N_("Updating the schedule"),
        N_(
            "The first player lays 4 cards from the deck (3 with two players) on the timetable, each on the day its "
            "symbol shows; cards on the same day stack so every name stays readable. Then, starting with the first "
            "player and going clockwise, each player slides one of their tokens face down under a day of their "
            "choice - under an empty day too, or after tokens already there, which stay ahead of it (on the table a "
            "day's tokens lie in the order they were placed, left to right, row by row). This happens three times. "
            "Then the first player lays cards a fourth time, and no one places a token."
        ),
    ),
    (
        N_("Taking cards"),
        N_(
            "Day by day from Monday, the tokens under the day are turned over without changing their order. The "
            "lowest number takes first; between equal numbers, the token placed earlier (further left) goes first. "
            "A 1 takes one card of its choice, a 2 two cards, a 3 three cards, one card at a time - as many as are "
            "left if fewer remain. A token that gets no card at all earns its owner one reward token from the "
            "supply, even when the same player's other token under that day took a card. Every token then goes back "
            "to its owner. Cards nobody takes stay on the timetable for the next round."
        ),
    ),
    (
        N_("IMMEDIATELY cards"),
        N_(
            "A card whose text begins with IMMEDIATELY takes effect the moment you receive it - from the timetable, "
            "from the deck (Divination) or from another player (a Letter) - and again every time it is received. "
            "Its effect applies, with every choice it asks, before your next pick: a Trouble makes you discard one "
            "of the cards you already have, never one still on the timetable; with no card to discard or give, that "
            "part does nothing. You set the order of your IMMEDIATELY cards by the order in which you take them. No "
            "effect is ever skipped: no card can be discarded or given away before its own effect is done. A card "
            "kept with Help Searching for Points at the end is received from the deck too: its effect applies before "
            "the scores."
        ),
    ),
    (
        N_("Rounds and the end"),
        N_(
            "After Friday, the Sorting Hat passes to the left. The game lasts 4 rounds with 2 players (each is first "
            "player twice), 3 rounds with 3 and 4 rounds with 4. At the end, the owner of Help Searching for Points "
            "looks at the top five cards of the deck and may keep one (or none), discarding the rest; then the owner "
            "of the Flywheel of Time chooses the set it joins (the app preselects the best). Everyone scores their "
            "cards, plus 2 points per reward token (more with Charms)."
        ),
    ),
    (
        N_("Winning"),
        N_(
            "The most points wins the House Cup. On a tie, the tied player with fewer cards wins; if that is tied "
            "too, the tied players share the win."
        ),
    ),
    (
        N_("Sets"),
        N_(
            "Potions: 1-5 cards score 2, 3, 4, 20, 40 (more add nothing). Herbology: 1-3 cards cost 20, 30, 40 - "
            "or score them if you own the Earphones. Magical Creatures: 1-5 cards score 4, 9, 15, 25, 50. Charms: "
            "with 1, 2 or 3 Charms each reward token scores 3, 5 or 8 instead of 2. Exploring the Castle: the three "
            "different castle cards together score 60, fewer score nothing."
        ),
    ),
    (
        N_("Cards on their own"),
        N_(
            "Quidditch: whoever has the most Quidditch cards leads and scores 30 (ties all lead; you need at least "
            "one). House Forward!: 15 if the named house leads at Quidditch. School Uniform: +10 for your own house, "
            "-10 for another. Trouble: -5 each (the Pixie Infestation copy is worth nothing), +5 each with the "
            "House-Elf. History of Magic: 1 point per card you own, for each copy. Help cards: 3 points per card you "
            "own with their symbol; Help Hunting Nargles carries all four symbols."
        ),
    ),
]


def sections() -> tuple[tuple[str, str], ...]:
    """The rules page's sections (heading, text) in the current language."""
    return tuple((_(heading), _(text)) for heading, text in SECTIONS)


def card_list() -> tuple[tuple[str, str], ...]:
    """One entry per kind of card, in the current language: its name and a line with copies, days, symbols and
    rule."""
    return tuple((kind.name, _card_line(kind)) for kind in KINDS.values())


def _card_line(kind: Kind) -> str:
    copies = [card for card in CARDS.values() if card.kind == kind.id]
    days = Counter(card.day for card in copies)
    day_text = ", ".join(
        _("{day} x{count}").format(day=DAY_SHORT[day], count=days[day]) if days[day] > 1 else DAY_SHORT[day]
        for day in sorted(days)
    )
    cards = ngettext("{count} card", "{count} cards", len(copies)).format(count=len(copies))
    if kind.id in ("forward", "uniform", "castle"):
        cards = f"{cards} ({'; '.join(sorted({card.title for card in copies}))})"
    symbols = sorted({symbol_name(s) for card in copies for s in card.symbols})
    if symbols:
        line = _("{cards}. Days: {days}; symbol: {symbols}. {rule}")
        return line.format(cards=cards, days=day_text, symbols=", ".join(symbols), rule=kind.rule)
    return _("{cards}. Days: {days}. {rule}").format(cards=cards, days=day_text, rule=kind.rule)
