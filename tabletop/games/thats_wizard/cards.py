"""The That's Wizard! cards as data (rulebook + project card specification thats-wizard-cards.md).

Every card is one row: its school and level, the Spell Power values its dial may show, whom it targets, whether
it is quick, lasting or a special action, when it acts, how many lasting-effect tokens it gets, and its rule in
our own words. ``spoken`` is the same rule with the numbers filled in, read aloud in the log: ``{P+1}`` is
replaced by the dial value plus one, ``{target}`` by whom the spell reaches. Effects are small named functions
in ``effects`` keyed by the card id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

SCHOOLS = ("Charms", "Curses", "Transfiguration", "Defense", "Hexes", "Divination", "Jinxes")
SCHOOL_SHORT = {
    "Charms": "Charm",
    "Curses": "Curse",
    "Transfiguration": "Transfiguration",
    "Defense": "Defense",
    "Hexes": "Hex",
    "Divination": "Divination",
    "Jinxes": "Jinx",
}
FOCUS = "focus"
COUNTERSPELL = "counterspell"
SPECIALS = (FOCUS, COUNTERSPELL)
MAX_STAMINA = 20
MAX_POWER = 10
BOOK_SIZE = 7
SIDE_BOARD = 2

# Lasting spells whose effect reaches the other duel of a Duos set: they outlive their caster's duel.
CROSS_DUEL = frozenset({"imprison", "molten_floor", "miasma"})

# What a spell can do to an opponent's Stamina, for the editor's warning and the bots' sense of progress.
# Damage (the rulebook's keyword) and Fatigue take Stamina; Grim Omen swaps it. The forfeit spells need the
# opponent's Stamina at or below their number (Mind Control looks at Power instead).
DAMAGE_SPELLS = frozenset(
    {"stun", "levitate", "explosion", "conflagration", "molten_floor", "chaos", "arithmancy", "shock", "ignite"}
)
FATIGUE_SPELLS = frozenset({"silence", "share_pain", "shrink", "miasma"})
STAMINA_SPELLS = DAMAGE_SPELLS | FATIGUE_SPELLS | frozenset({"grim_omen"})
FORFEIT_STAMINA = {"death": 11, "polymorph": 8, "disarm": 5}

Target = Literal["opponent", "self", "ally", "both", "spell"]
CardKind = Literal["quick", "lasting", "special"]


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    school: str  # "" for Focus and Counterspell
    level: int  # 0 for Focus and Counterspell
    duos: bool
    dials: tuple[int, ...]
    target: Target  # "both" is both opponents, "spell" the opponent's spell (Counterspell)
    kind: CardKind
    when: str
    lasts: tuple[int, int] | None  # tokens = a*P + b
    eor: str | None  # end-of-round effect: "each" active round, "once" at the end of next round, or None
    rule: str
    spoken: str
    provenance: str

    @property
    def is_spell(self) -> bool:
        return self.kind != "special"

    @property
    def lasting(self) -> bool:
        return self.kind == "lasting"

    def tokens(self, dial: int) -> int:
        assert self.lasts is not None
        a, b = self.lasts
        return a * dial + b

    @property
    def lasts_text(self) -> str:
        """ "P rounds", "P−1 rounds" or "1 round"; empty for a quick card."""
        if self.lasts is None:
            return ""
        a, b = self.lasts
        if a == 0:
            return f"{b} round" + ("s" if b != 1 else "")
        return "P rounds" if b == 0 else f"P−{-b} rounds"

    @property
    def dial_text(self) -> str:
        """ "3, 4 or 5"."""
        values = [str(d) for d in self.dials]
        return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def _card(
    id: str,
    name: str,
    school: str,
    level: int,
    dials: tuple[int, ...],
    target: Target,
    kind: CardKind,
    when: str,
    rule: str,
    spoken: str,
    provenance: str,
    lasts: tuple[int, int] | None = None,
    eor: str | None = None,
    duos: bool = False,
) -> Card:
    return Card(id, name, school, level, duos, dials, target, kind, when, lasts, eor, rule, spoken, provenance)


_ROWS = [
    # --- special action cards ---------------------------------------------------------------------------
    _card(
        FOCUS,
        "Focus",
        "",
        0,
        (0,),
        "self",
        "special",
        "End of round",
        "Spend the round gathering yourself: at the end of the round your Power goes back to 10. It is not a spell, "
        "so it cannot be countered and no effect on spells touches it.",
        "{caster} focuses: Power back to 10 at the end of the round",
        "rulebook",
    ),
    _card(
        COUNTERSPELL,
        "Counterspell",
        "",
        0,
        (0,),
        "spell",
        "special",
        "This round",
        "Stop the spell your opponent played this round: it does nothing and its Power stays spent. You lose 1 "
        "Stamina, plus 1 for each round just before this one in which you also played Counterspell. That loss is "
        "neither Damage nor Fatigue.",
        "{caster} counters {target}'s spell",
        "rulebook",
    ),
    # --- Charms ------------------------------------------------------------------------------------------------
    _card(
        "stun",
        "Stun",
        "Charms",
        1,
        (1, 2, 3),
        "opponent",
        "quick",
        "This round",
        "Your opponent loses P+2 Power. If they have less than that, they drop to 0 Power and take what was "
        "missing as Damage.",
        "{target} loses {P+2} Power (any Power missing becomes Damage)",
        "rulebook+fan",
    ),
    _card(
        "silence",
        "Silence",
        "Charms",
        2,
        (2, 3, 4),
        "opponent",
        "lasting",
        "Starting next round",
        "While it lasts, each time your opponent casts a spell they take 2 Fatigue right after its effect. "
        "Countered spells, Focus and Counterspell do not set it off.",
        "for {P} rounds from next round, {target} takes 2 Fatigue after every spell they cast",
        "designed here",
        lasts=(1, 0),
    ),
    _card(
        "levitate",
        "Levitate",
        "Charms",
        3,
        (4,),
        "opponent",
        "lasting",
        "This round; end of next round",
        "This round: if your opponent played Focus, it gives them no Power. At the end of next round they take 4 "
        "Damage, whatever they played, unless a Dispel has removed this card's token first.",
        "{target}'s Focus gives no Power this round, and {target} takes 4 Damage at the end of next round",
        "rulebook+fan",
        lasts=(0, 1),
        eor="once",
    ),
    _card(
        "erase_memory",
        "Erase Memory",
        "Charms",
        4,
        (7, 8, 9),
        "opponent",
        "lasting",
        "This round",
        "Look at your opponent's hand and take 2 cards of your choice (Focus and Counterspell too; all of them if "
        "they hold fewer). They lie under Erase Memory and cannot be played; when Erase Memory leaves play they go "
        "back to their owner's hand.",
        "{caster} looks at {target}'s hand and takes 2 cards away for {P-6} rounds",
        "designed here",
        lasts=(1, -6),
    ),
    _card(
        "energize",
        "Energize",
        "Charms",
        1,
        (1, 2, 3),
        "ally",
        "quick",
        "This round",
        "Your ally gains P+2 Power (never above 10).",
        "{target} gains {P+2} Power",
        "designed here",
        duos=True,
    ),
    # --- Curses ------------------------------------------------------------------------------------------------
    _card(
        "paralyze",
        "Paralyze",
        "Curses",
        1,
        (3,),
        "opponent",
        "lasting",
        "Starting next round",
        "Next round your opponent takes no turn: they choose no card and play nothing, not even Focus or "
        "Counterspell. Their lasting and end-of-round effects still happen.",
        "{target} takes no turn next round",
        "designed here",
        lasts=(0, 1),
    ),
    _card(
        "explosion",
        "Explosion",
        "Curses",
        2,
        (3, 4, 5),
        "opponent",
        "quick",
        "This round",
        "Your opponent takes P+1 Damage.",
        "{P+1} Damage to {target}",
        "rulebook",
    ),
    _card(
        "embrace_pain",
        "Embrace Pain",
        "Curses",
        3,
        (3, 4, 5),
        "self",
        "lasting",
        "Starting next round",
        "While it lasts, whenever you lose Stamina to Damage or Fatigue you gain as much Power as the Stamina you "
        "lost (never above 10).",
        "for {P-1} rounds from next round, {target} gains Power for every Stamina lost to Damage or Fatigue",
        "rulebook+fan",
        lasts=(1, -1),
    ),
    _card(
        "death",
        "Death",
        "Curses",
        4,
        (10,),
        "opponent",
        "quick",
        "This round",
        "If your opponent has 11 Stamina or less, they forfeit the duel.",
        "{target} forfeits if they have 11 Stamina or less",
        "rulebook+fan",
    ),
    _card(
        "conflagration",
        "Conflagration",
        "Curses",
        4,
        (7, 8, 9),
        "both",
        "quick",
        "This round",
        "Your opponent and your ally's opponent each take P−3 Damage.",
        "{P-3} Damage to each of {target}",
        "designed here",
        duos=True,
    ),
    # --- Transfiguration ----------------------------------------------------------------------------------------
    _card(
        "regenerate",
        "Regenerate",
        "Transfiguration",
        1,
        (4,),
        "self",
        "lasting",
        "This round; end of next round",
        "You gain 2 Stamina now, and 2 more at the end of next round unless a Dispel removed this card's token "
        "first. Stamina never goes above 20.",
        "{target} gains 2 Stamina now and 2 more at the end of next round",
        "rulebook+fan",
        lasts=(0, 1),
        eor="once",
    ),
    _card(
        "brittlebones",
        "Brittlebones",
        "Transfiguration",
        2,
        (2, 3, 4),
        "opponent",
        "lasting",
        "Starting next round",
        "While it lasts, every Damage your opponent takes is 2 more.",
        "for {P} rounds from next round, every Damage {target} takes is 2 more",
        "rulebook+fan",
        lasts=(1, 0),
    ),
    _card(
        "polymorph",
        "Polymorph",
        "Transfiguration",
        3,
        (6,),
        "opponent",
        "quick",
        "This round",
        "If your opponent has 8 Stamina or less, they forfeit the duel (name the animal they became).",
        "{target} forfeits if they have 8 Stamina or less",
        "rulebook+fan",
    ),
    _card(
        "shrink",
        "Shrink",
        "Transfiguration",
        4,
        (9,),
        "opponent",
        "quick",
        "This round",
        "Your opponent takes Fatigue equal to half their Stamina, rounded down.",
        "{target} takes Fatigue equal to half their Stamina",
        "rulebook+fan",
    ),
    _card(
        "molten_floor",
        "Molten Floor",
        "Transfiguration",
        3,
        (4, 5, 6),
        "both",
        "lasting",
        "Starting next round",
        "At the end of each round it lasts, your opponent and your ally's opponent each take 2 Damage. It stays in "
        "play for your ally's duel after yours ends.",
        "for {P-3} rounds from next round, {target} each take 2 Damage at the end of the round",
        "designed here",
        lasts=(1, -3),
        eor="each",
        duos=True,
    ),
    # --- Defense -------------------------------------------------------------------------------------------------
    _card(
        "reflect",
        "Reflect",
        "Defense",
        1,
        (2,),
        "self",
        "quick",
        "This round",
        "This round every spell aimed at you as an opponent turns back on its caster, even one that goes before "
        "Reflect. Spells aimed at oneself or at an ally, Focus and Counterspell are not touched.",
        "spells aimed at {target} this round turn back on their casters",
        "designed here",
    ),
    _card(
        "disarm",
        "Disarm",
        "Defense",
        2,
        (2,),
        "opponent",
        "quick",
        "This round",
        "If your opponent has 5 Stamina or less, they forfeit the duel.",
        "{target} forfeits if they have 5 Stamina or less",
        "rulebook+fan",
    ),
    _card(
        "dispel",
        "Dispel",
        "Defense",
        3,
        (3, 4, 5),
        "opponent",
        "quick",
        "This round",
        "Remove P−1 lasting-effect tokens of your choice from lasting spells your opponent owns (all of them if "
        "there are fewer). A spell left without a token ends at once and goes back to its owner. Spells cast this "
        "round have no tokens yet.",
        "remove {P-1} lasting-effect tokens from {target}'s lasting spells",
        "designed here",
    ),
    _card(
        "invisibility",
        "Invisibility",
        "Defense",
        4,
        (5, 6, 7),
        "self",
        "lasting",
        "Starting next round",
        "While it lasts, your spells cannot be countered and cannot be turned back. A Counterspell played against "
        "you still costs its player Stamina.",
        "for {P-3} rounds from next round, {target}'s spells cannot be countered or turned back",
        "designed here",
        lasts=(1, -3),
    ),
    _card(
        "transference",
        "Transference",
        "Defense",
        1,
        (1, 2, 3),
        "ally",
        "quick",
        "This round",
        "Choose an amount from 1 to 3×P that is less than your Stamina: you lose it and your ally gains it (never "
        "above 20). This is neither Damage nor Fatigue.",
        "{caster} gives {target} up to {3P} Stamina",
        "designed here",
        duos=True,
    ),
    # --- Hexes -------------------------------------------------------------------------------------------------
    _card(
        "share_pain",
        "Share Pain",
        "Hexes",
        1,
        (1, 2, 3),
        "opponent",
        "quick",
        "This round",
        "Your opponent takes P Fatigue, plus 1 if your Stamina is lower than theirs when it resolves.",
        "{P} Fatigue to {target}, plus 1 if {caster} has less Stamina",
        "rulebook+fan",
    ),
    _card(
        "fear",
        "Fear",
        "Hexes",
        2,
        (2, 3, 4),
        "opponent",
        "lasting",
        "Starting next round",
        "While it lasts, every Fatigue your opponent takes is 2 more.",
        "for {P} rounds from next round, every Fatigue {target} takes is 2 more",
        "rulebook+fan",
        lasts=(1, 0),
    ),
    _card(
        "chaos",
        "Chaos",
        "Hexes",
        3,
        (4, 5, 6),
        "opponent",
        "quick",
        "This round",
        "Roll a die. 1: you and your opponent each take P Damage. 2: they take P Damage. 3 or 4: P+1. 5 or 6: P+2.",
        "roll a die: {P} to {P+2} Damage to {target} (on a 1, {caster} takes {P} too)",
        "rulebook+fan",
    ),
    _card(
        "mind_control",
        "Mind Control",
        "Hexes",
        4,
        (8, 9, 10),
        "opponent",
        "quick",
        "This round",
        "If your opponent's Power is P−8 or less when it resolves, they forfeit the duel.",
        "{target} forfeits if they have {P-8} Power or less",
        "rulebook+fan",
    ),
    _card(
        "imprison",
        "Imprison",
        "Hexes",
        2,
        (3, 4, 5),
        "both",
        "lasting",
        "Starting next round",
        "While it lasts, your opponent and your ally's opponent gain no Power from anything: Focus, Energize, "
        "Embrace Pain, Portents. It stays in play for your ally's duel after yours ends.",
        "for {P-2} rounds from next round, {target} gain no Power",
        "designed here",
        lasts=(1, -2),
        duos=True,
    ),
    # --- Divination ------------------------------------------------------------------------------------------
    _card(
        "portents",
        "Portents",
        "Divination",
        1,
        (2, 3, 4),
        "self",
        "lasting",
        "Starting next round",
        "At the end of each round it lasts, roll a die. 1: take 2 Fatigue. 2 or 3: gain 2 Stamina. 4 or 5: gain 2 "
        "Power. 6: gain 2 Stamina and 2 Power.",
        "for {P} rounds from next round, {target} rolls a die for omens at the end of each round",
        "designed here",
        lasts=(1, 0),
        eor="each",
    ),
    _card(
        "scry",
        "Scry",
        "Divination",
        2,
        (2, 3, 4),
        "self",
        "quick",
        "This round",
        "Look at P random spells of your deck that are in no spellbook and put one of them in your hand; it is "
        "yours for this duel. Scry then goes into that deck until the duel ends.",
        "{caster} looks at {P} spells of the deck and keeps one",
        "designed here",
    ),
    _card(
        "arithmancy",
        "Arithmancy",
        "Divination",
        3,
        (3, 4, 5),
        "opponent",
        "quick",
        "This round",
        "Add your Spell Power to your opponent's dial this round (0 if they played Focus or Counterspell or took "
        "no turn). Your opponent takes half of that, rounded up, as Damage.",
        "half of {P} plus the other dial, rounded up, as Damage to {target}",
        "designed here",
    ),
    _card(
        "grim_omen",
        "Grim Omen",
        "Divination",
        4,
        (7,),
        "opponent",
        "quick",
        "This round",
        "You and your opponent swap Stamina. This is neither Damage, Fatigue nor a gain.",
        "{caster} and {target} swap Stamina",
        "rulebook+fan",
    ),
    _card(
        "nevermore",
        "Nevermore",
        "Divination",
        4,
        (4, 5, 6),
        "ally",
        "quick",
        "This round",
        "Your ally gains 2×P Stamina (never above 20) and Power back to 10 (not if imprisoned). Then you forfeit "
        "your duel. Needs your ally still dueling: if their duel ends first, nothing happens and you do not forfeit.",
        "{target} gains {2P} Stamina and Power back to 10, then {caster} forfeits",
        "designed here",
        duos=True,
    ),
    # --- Jinxes ------------------------------------------------------------------------------------------------
    _card(
        "shock",
        "Shock",
        "Jinxes",
        1,
        (1, 2, 3),
        "opponent",
        "quick",
        "This round",
        "Your opponent takes P Damage, plus 1 if your turn comes before theirs (or they take no turn).",
        "{P} Damage to {target}, plus 1 if {caster} goes first",
        "designed here",
    ),
    _card(
        "tongue_tie",
        "Tongue Tie",
        "Jinxes",
        2,
        (2, 3, 4),
        "opponent",
        "lasting",
        "Starting next round",
        "While it lasts, every spell your opponent plays costs 2 Power more than its dial shows, even if it is "
        "countered. A spell costing more than 10 or more than their Power cannot be played.",
        "for {P-1} rounds from next round, every spell {target} plays costs 2 Power more",
        "designed here",
        lasts=(1, -1),
    ),
    _card(
        "ignite",
        "Ignite",
        "Jinxes",
        3,
        (3,),
        "opponent",
        "lasting",
        "End of next round",
        "At the end of next round your opponent takes 6 Damage, unless a Dispel removed this card's token first.",
        "{target} takes 6 Damage at the end of next round",
        "rulebook+fan",
        lasts=(0, 1),
        eor="once",
    ),
    _card(
        "confusion",
        "Confusion",
        "Jinxes",
        4,
        (5, 6, 7),
        "opponent",
        "lasting",
        "Starting next round",
        "While it lasts, every spell your opponent casts at an opponent turns back on them.",
        "for {P-3} rounds from next round, {target}'s spells at opponents turn back on them",
        "designed here",
        lasts=(1, -3),
    ),
    _card(
        "miasma",
        "Miasma",
        "Jinxes",
        1,
        (1, 2, 3),
        "both",
        "lasting",
        "Starting next round",
        "At the end of each round it lasts, your opponent and your ally's opponent each take 1 Fatigue.",
        "for {P} rounds from next round, {target} each take 1 Fatigue at the end of the round",
        "designed here",
        lasts=(1, 0),
        eor="each",
        duos=True,
    ),
]

CARDS: dict[str, Card] = {card.id: card for card in _ROWS}

# The dial each card is shown at when a wizard passes with it (the rulebook's deliberate illegal play): the lowest
# value two steps or more from every value the card shows. One step off a value reads as a slip, and the table's
# dial snaps it back onto the value; a value the card never shows can never be a legal play.
PASS_DIAL: dict[str, int] = {
    card.id: next(dial for dial in range(MAX_POWER + 1) if all(abs(dial - value) >= 2 for value in card.dials))
    for card in _ROWS
}
SPELLS: tuple[str, ...] = tuple(card.id for card in _ROWS if card.is_spell)
SPELL_SET = frozenset(SPELLS)  # set lookups for the hot paths (``Card.is_spell`` is a property call)
ALLY_SPELLS = frozenset(card.id for card in _ROWS if card.target == "ally")  # need an ally still dueling
BASE_SPELLS: tuple[str, ...] = tuple(card for card in SPELLS if not CARDS[card].duos)
DUOS_SPELLS: tuple[str, ...] = tuple(card for card in SPELLS if CARDS[card].duos)

# The (school, level) slot of each spell, and the spells of each slot.
SLOTS: dict[tuple[str, int], tuple[str, ...]] = {}
for _id in SPELLS:
    _slot = (CARDS[_id].school, CARDS[_id].level)
    SLOTS[_slot] = (*SLOTS.get(_slot, ()), _id)


def deck_spells(duos: bool) -> tuple[str, ...]:
    """The spells a player (1 vs 1) or a team (Duos) builds from."""
    return SPELLS if duos else BASE_SPELLS


def name(card: str) -> str:
    known = CARDS.get(card)
    return known.name if known else card


def describe_slot(card: str) -> str:
    """ "a level 2 Curse" for Explosion."""
    c = CARDS[card]
    return f"a level {c.level} {SCHOOL_SHORT[c.school]}"


# Premade spellbooks, as printed in the rulebook (Duos pairs share one deck: no card twice in a pair).
PREMADE: dict[str, tuple[str, ...]] = {
    "The Crone": ("share_pain", "fear", "chaos", "mind_control", "stun", "silence", "reflect"),
    "The Dark Lord": ("paralyze", "explosion", "embrace_pain", "death", "reflect", "portents", "share_pain"),
    "The Boy Wizard": ("shock", "tongue_tie", "ignite", "reflect", "disarm", "dispel", "stun"),
    "The Prodigy": ("regenerate", "brittlebones", "polymorph", "shrink", "paralyze", "explosion", "shock"),
    "The Constable": ("share_pain", "imprison", "chaos", "mind_control", "stun", "silence", "levitate"),
    "The Rogue": ("regenerate", "brittlebones", "molten_floor", "shrink", "paralyze", "explosion", "energize"),
    "The Sorceress": ("paralyze", "explosion", "embrace_pain", "conflagration", "transference", "disarm", "dispel"),
    "The Prophet": ("share_pain", "fear", "miasma", "portents", "scry", "arithmancy", "nevermore"),
}
SOLO_PREMADES = ("The Crone", "The Dark Lord", "The Boy Wizard", "The Prodigy")
DUOS_PAIRS = (("The Constable", "The Rogue"), ("The Sorceress", "The Prophet"))

# The rulebook's two strategies per 1 vs 1 premade: the five spells to keep in hand (the other two are the
# side board). Offered as suggestions when choosing a side board.
STRATEGIES: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "The Crone": (
        ("Bow Before Me!", ("share_pain", "chaos", "mind_control", "stun", "reflect")),
        ("Shh... Don't Be Afraid", ("share_pain", "fear", "chaos", "silence", "reflect")),
    ),
    "The Dark Lord": (
        ("Overwhelming Power", ("share_pain", "explosion", "embrace_pain", "death", "portents")),
        ("Deterrence Theory", ("explosion", "paralyze", "embrace_pain", "reflect", "portents")),
    ),
    "The Boy Wizard": (
        ("Feeling The Heat", ("shock", "tongue_tie", "ignite", "reflect", "disarm")),
        ("Powerless", ("stun", "ignite", "tongue_tie", "reflect", "dispel")),
    ),
    "The Prodigy": (
        ("Animalus Minimus", ("regenerate", "polymorph", "shrink", "paralyze", "shock")),
        ("Shock Therapy", ("brittlebones", "polymorph", "paralyze", "explosion", "shock")),
    ),
}
