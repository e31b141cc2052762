"""End-of-game scoring, line by line as the rulebook's scoring example tells it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.games.house_cup.cards import CARDS, HELP_SYMBOL, KINDS, SET_KINDS, house_name, symbol_name
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.i18n import joined, ngettext
from tabletop.i18n import N_

POTIONS = (0, 2, 3, 4, 20, 40)
HERBOLOGY = (0, 20, 30, 40)
CREATURES = (0, 4, 9, 15, 25, 50)
CHARMS_RATE = (2, 3, 5, 8)
CASTLE_SET = 60
QUIDDITCH_LEAD = 30
FORWARD = 15
UNIFORM = 10
TROUBLE = 5
HELP_EACH = 3

# Bar-chart categories of the results screen: keys (the statistics keep them), shown with ``_()``.
CATEGORIES = (N_("Sets"), N_("Quidditch"), N_("Help"), N_("History"), N_("Uniforms"), N_("Trouble"), N_("Rewards"))
# The score sheet's groups: the chart's categories, then the cards kept that score nothing (no bar: always 0).
UNSCORED = N_("No points")
SHEET_CATEGORIES = (*CATEGORIES, UNSCORED)
ALWAYS_UNSCORED = ("letter", "divination", "cauldron", "hagrid")  # their effect was at once
# The corner symbols of each kind of card (every copy of a kind bears the same ones).
KIND_SYMBOLS = {
    kind: frozenset().union(*(card.symbols for card in CARDS.values() if card.kind == kind)) for kind in KINDS
}


@dataclass(frozen=True)
class Line:
    category: str  # one of SHEET_CATEGORIES, in English
    text: str  # in the current language
    points: int


@dataclass(frozen=True)
class Tally:
    lines: tuple[Line, ...]
    total: int
    cards: int

    def by_category(self) -> dict[str, int]:
        totals = dict.fromkeys(CATEGORIES, 0)
        for line in self.lines:
            if line.category in totals:
                totals[line.category] += line.points
        return totals


def quidditch_leaders(tableaux: Sequence[Sequence[str]], houses: Sequence[str]) -> frozenset[str]:
    """Houses with the most Quidditch cards (at least one); ties all lead."""
    counts = [sum(1 for card in cards if CARDS[card].kind == "quidditch") for cards in tableaux]
    best = max(counts, default=0)
    if best == 0:
        return frozenset()
    return frozenset(house for house, count in zip(houses, counts, strict=True) if count == best)


def started_sets(cards: Sequence[str]) -> list[str]:
    """Sets the Flywheel of Time may join: those with at least one card."""
    kinds = {CARDS[card].kind for card in cards}
    return [kind for kind in SET_KINDS if kind in kinds]


def score_player(
    cards: Sequence[str],
    rewards: int,
    house: str,
    leaders: frozenset[str],
    flywheel_set: str | None = None,
) -> Tally:
    kinds = Counter(CARDS[card].kind for card in cards)
    has_flywheel = kinds["flywheel"] > 0
    extra = flywheel_set if has_flywheel and flywheel_set in SET_KINDS and kinds[flywheel_set] else None
    lines: list[Line] = []

    def add(category: str, text: str, points: int) -> None:
        lines.append(Line(category, text, points))

    def with_flywheel(kind: str, line: str) -> str:
        return _("{line} with the Flywheel of Time").format(line=line) if extra == kind else line

    # Sets.
    potions = kinds["potions"] + (extra == "potions")
    if potions:
        line = _("Potions: a set of {count}").format(count=min(potions, 5))
        add("Sets", with_flywheel("potions", line), POTIONS[min(potions, 5)])
    herbs = kinds["herbology"] + (extra == "herbology")
    if herbs:
        value = HERBOLOGY[min(herbs, 3)]
        line = with_flywheel("herbology", _("Herbology: a set of {count}").format(count=min(herbs, 3)))
        if kinds["earphones"]:
            add("Sets", _("{line}, scoring with the Earphones").format(line=line), value)
        else:
            add("Sets", _("{line}, without Earphones").format(line=line), -value)
    creatures = kinds["creatures"] + (extra == "creatures")
    if creatures:
        line = _("Magical Creatures: a set of {count}").format(count=min(creatures, 5))
        add("Sets", with_flywheel("creatures", line), CREATURES[min(creatures, 5)])
    castle_variants = {CARDS[card].variant for card in cards if CARDS[card].kind == "castle"}
    if castle_variants:
        different = len(castle_variants) + (extra == "castle" and len(castle_variants) < 3)
        complete = different >= 3
        line = _("Exploring the Castle: {count} of 3 different").format(count=different)
        add("Sets", with_flywheel("castle", line), CASTLE_SET if complete else 0)

    # Quidditch and the house cards.
    own_quidditch = kinds["quidditch"]
    if own_quidditch:
        if house in leaders:
            line = ngettext(
                "Quidditch leadership ({count} card)", "Quidditch leadership ({count} cards)", own_quidditch
            )
            add("Quidditch", line.format(count=own_quidditch), QUIDDITCH_LEAD)
        else:
            line = ngettext(
                "Quidditch: {count} card, not the leader", "Quidditch: {count} cards, not the leader", own_quidditch
            )
            add("Quidditch", line.format(count=own_quidditch), 0)
    for card in cards:
        info = CARDS[card]
        if info.kind == "forward":
            leads = info.variant in leaders
            line = _("{card}: {house} leads") if leads else _("{card}: {house} does not lead")
            add("Quidditch", line.format(card=info.title, house=house_name(info.variant)), FORWARD if leads else 0)
        elif info.kind == "uniform":
            own = info.variant == house
            line = _("{card}: your house") if own else _("{card}: not your house")
            add("Uniforms", line.format(card=info.title), UNIFORM if own else -UNIFORM)

    # Trouble and the House-Elf.
    costly = sum(1 for card in cards if CARDS[card].kind == "trouble" and CARDS[card].variant != "pixie")
    if any(CARDS[card].variant == "pixie" for card in cards):
        add("Trouble", _("Trouble: A Pixie Infestation! (no end-game value)"), 0)
    if costly:
        if kinds["elf"]:
            line = ngettext(
                "{count} Trouble card, turned to points by the House-Elf",
                "{count} Trouble cards, turned to points by the House-Elf",
                costly,
            )
            add("Trouble", line.format(count=costly), TROUBLE * costly)
        else:
            line = ngettext("{count} Trouble card", "{count} Trouble cards", costly)
            add("Trouble", line.format(count=costly), -TROUBLE * costly)

    # History of Magic: each copy counts every card owned.
    for _copy in range(kinds["history"]):
        line = ngettext("History of Magic: {count} card", "History of Magic: {count} cards", len(cards))
        add("History", line.format(count=len(cards)), len(cards))

    # Help cards.
    for card in cards:
        kind = CARDS[card].kind
        if kind in HELP_SYMBOL:
            symbol = HELP_SYMBOL[kind]
            count = sum(1 for other in cards if symbol in CARDS[other].symbols)
            line = ngettext(
                "{card}: {count} card with the {symbol} symbol", "{card}: {count} cards with the {symbol} symbol", count
            )
            add("Help", line.format(card=KINDS[kind].name, count=count, symbol=symbol_name(symbol)), HELP_EACH * count)
        elif kind in ("help_nargles", "help_search"):
            add("Help", _("{card} (no points of its own)").format(card=KINDS[kind].name), 0)

    # Reward tokens and Charms.
    charms = min(kinds["charms"] + (extra == "charms"), 3)
    rate = CHARMS_RATE[charms]
    if rewards or charms:
        if charms:
            line = ngettext(
                "{count} reward token at {rate} each ({charms} Charms)",
                "{count} reward tokens at {rate} each ({charms} Charms)",
                rewards,
            )
        else:
            line = ngettext("{count} reward token at 2 each", "{count} reward tokens at 2 each", rewards)
        line = with_flywheel("charms", line.format(count=rewards, rate=rate, charms=charms))  # (its Charms counted)
        add("Rewards", line, rewards * rate)

    # Cards kept that no line above counts, so that every card owned is accounted for. A card one of the player's
    # Help cards counts by its symbol is on that Help card's line (the rulebook's tally: "3 points for the Help in
    # the Owlery card for one 'You've Got a Letter!' card").
    idle = [kind for kind in ALWAYS_UNSCORED if kinds[kind]]
    idle += ["elf"] * (kinds["elf"] > 0 and not costly) + ["earphones"] * (kinds["earphones"] > 0 and not herbs)
    idle += ["flywheel"] * (has_flywheel and extra is None)
    helped = {symbol for kind, symbol in HELP_SYMBOL.items() if kinds[kind]}
    idle = [kind for kind in idle if not KIND_SYMBOLS[kind] & helped]
    if idle:
        names = [
            KINDS[kind].name
            if kinds[kind] == 1
            else _("{line} (x{copies})").format(line=KINDS[kind].name, copies=kinds[kind])
            for kind in idle
        ]
        add(UNSCORED, _("No points at the end: {cards}").format(cards=joined(names)), 0)

    return Tally(merged(lines), sum(line.points for line in lines), len(cards))


def merged(lines: Sequence[Line]) -> tuple[Line, ...]:
    """The tally's lines with lines alike made one, its points summed: two copies of History of Magic or of a Help
    card each scored a line of the same words, read twice as a mistake ("History of Magic: 14 cards (x2)")."""
    kept: dict[tuple[str, str], tuple[int, int]] = {}  # (category, words) -> (points, copies), in order
    for line in lines:
        points, copies = kept.get((line.category, line.text), (0, 0))
        kept[line.category, line.text] = (points + line.points, copies + 1)
    return tuple(
        Line(category, text if copies == 1 else _("{line} (x{copies})").format(line=text, copies=copies), points)
        for (category, text), (points, copies) in kept.items()
    )


def score_total(
    cards: Sequence[str],
    rewards: int,
    house: str,
    leaders: frozenset[str],
    flywheel_set: str | None = None,
) -> int:
    """``score_player(...).total`` without writing its lines: the end of every game, the suggestions and the bots
    want only totals, by the thousand in a search (tests/test_house_cup_speed.py checks that the two agree)."""
    infos = [CARDS[card] for card in cards]
    kinds = dict.fromkeys(KINDS, 0)
    for info in infos:
        kinds[info.kind] += 1
    extra = flywheel_set if kinds["flywheel"] and flywheel_set in SET_KINDS and kinds[flywheel_set] else None
    total = POTIONS[min(kinds["potions"] + (extra == "potions"), 5)]
    herbs = min(kinds["herbology"] + (extra == "herbology"), 3)
    total += HERBOLOGY[herbs] if kinds["earphones"] else -HERBOLOGY[herbs]
    total += CREATURES[min(kinds["creatures"] + (extra == "creatures"), 5)]
    if kinds["castle"]:
        variants = len({info.variant for info in infos if info.kind == "castle"})
        if variants + (extra == "castle" and variants < 3) >= 3:
            total += CASTLE_SET
    if kinds["quidditch"] and house in leaders:
        total += QUIDDITCH_LEAD
    if kinds["trouble"]:
        costly = kinds["trouble"] - sum([info.variant == "pixie" for info in infos])  # the Pixie is a free Trouble
        total += TROUBLE * costly if kinds["elf"] else -TROUBLE * costly
    total += kinds["history"] * len(cards)
    for info in infos:
        kind = info.kind
        if kind == "forward":
            total += FORWARD if info.variant in leaders else 0
        elif kind == "uniform":
            total += UNIFORM if info.variant == house else -UNIFORM
        elif kind in HELP_SYMBOL:
            symbol = HELP_SYMBOL[kind]
            total += HELP_EACH * sum([symbol in other.symbols for other in infos])
    return total + rewards * CHARMS_RATE[min(kinds["charms"] + (extra == "charms"), 3)]


def best_flywheel_set(cards: Sequence[str], rewards: int, house: str, leaders: frozenset[str]) -> str | None:
    """The set that scores most with the Flywheel of Time (None when no set gains)."""
    return _best_flywheel(cards, rewards, house, leaders)[0]


def best_total(cards: Sequence[str], rewards: int, house: str, leaders: frozenset[str]) -> int:
    """The total of ``cards`` with the Flywheel of Time, if among them, joining the set where it scores most."""
    if "flywheel-1" not in cards:
        return score_total(cards, rewards, house, leaders)
    return _best_flywheel(cards, rewards, house, leaders)[1]


def _best_flywheel(cards: Sequence[str], rewards: int, house: str, leaders: frozenset[str]) -> tuple[str | None, int]:
    best, most = None, score_total(cards, rewards, house, leaders, None)
    for kind in started_sets(cards):
        total = score_total(cards, rewards, house, leaders, kind)
        if total > most:
            best, most = kind, total
    return best, most
