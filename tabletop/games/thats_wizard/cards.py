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

from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.i18n import ngettext
from tabletop.i18n import N_

# The schools are keys (spellbooks' slots, the editor's columns): shown with ``_()`` (``school_name``).
SCHOOLS = (
    N_("Charms"),
    N_("Curses"),
    N_("Transfiguration"),
    N_("Defense"),
    N_("Hexes"),
    N_("Divination"),
    N_("Jinxes"),
)
SCHOOL_SHORT = {
    "Charms": N_("Charm"),
    "Curses": N_("Curse"),
    "Transfiguration": N_("Transfiguration"),
    "Defense": N_("Defense"),
    "Hexes": N_("Hex"),
    "Divination": N_("Divination"),
    "Jinxes": N_("Jinx"),
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
    """One card. Its words are kept in English (``name_en``, ``rule_en``...: the rules and saves never read them)
    and shown in the current language through the properties the tables read (``name``, ``rule``, ``when``)."""

    id: str
    name_en: str
    school: str  # "" for Focus and Counterspell; a key, shown as ``school_name``
    level: int  # 0 for Focus and Counterspell
    duos: bool
    dials: tuple[int, ...]
    target: Target  # "both" is both opponents, "spell" the opponent's spell (Counterspell)
    kind: CardKind
    when_en: str
    lasts: tuple[int, int] | None  # tokens = a*P + b
    eor: str | None  # end-of-round effect: "each" active round, "once" at the end of next round, or None
    rule_en: str
    spoken_en: str  # ``{rounds}`` is "3 rounds" (the tokens it gets), in the language shown
    provenance: str

    @property
    def name(self) -> str:
        return _(self.name_en)

    @property
    def when(self) -> str:
        return _(self.when_en)

    @property
    def rule(self) -> str:
        return _(self.rule_en)

    @property
    def spoken(self) -> str:
        return _(self.spoken_en)

    @property
    def school_name(self) -> str:
        return _(self.school) if self.school else ""

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
            return rounds(b)
        return _("P rounds") if b == 0 else _("P−{less} rounds").format(less=-b)

    @property
    def dial_text(self) -> str:
        """ "3, 4 or 5"."""
        return dial_values(self.dials, _("{values} or {last}"))

    @property
    def dial_text_en(self) -> str:
        """``dial_text`` in English, for the reasons kept in the state."""
        return dial_values(self.dials, "{values} or {last}")


def rounds(count: int) -> str:
    """ "1 round", "3 rounds" (Russian: "1 раунд", "3 раунда")."""
    return ngettext("{count} round", "{count} rounds", count).format(count=count)


def dial_values(dials: tuple[int, ...], pattern: str) -> str:
    values = [str(d) for d in dials]
    return values[0] if len(values) == 1 else pattern.format(values=", ".join(values[:-1]), last=values[-1])


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
        N_("Focus"),
        "",
        0,
        (0,),
        "self",
        "special",
        N_("End of round"),
        N_(
            "Spend the round gathering yourself: at the end of the round your Power goes back to 10. It is not a "
            "spell, so it cannot be countered and no effect on spells touches it; but it gives no Power if a "
            "Levitate hits you this round or while you are imprisoned."
        ),
        N_("{caster} focuses: Power back to 10 at the end of the round"),
        "rulebook",
    ),
    _card(
        COUNTERSPELL,
        N_("Counterspell"),
        "",
        0,
        (0,),
        "spell",
        "special",
        N_("This round"),
        N_(
            "Stop the spell your opponent played this round: it does nothing and its Power stays spent. You lose 1 "
            "Stamina, plus 1 for each Counterspell you played in a row in the rounds just before this one. That loss "
            "is neither Damage nor Fatigue."
        ),
        N_("{caster} counters {target}'s spell"),
        "rulebook",
    ),
    # --- Charms ------------------------------------------------------------------------------------------------
    _card(
        "stun",
        N_("Stun"),
        "Charms",
        1,
        (1, 2, 3),
        "opponent",
        "quick",
        N_("This round"),
        N_(
            "Your opponent loses P+2 Power. If they have less than that, they drop to 0 Power and take what was "
            "missing as Damage."
        ),
        N_("{target} loses {P+2} Power (any Power missing becomes Damage)"),
        "rulebook+fan",
    ),
    _card(
        "silence",
        N_("Silence"),
        "Charms",
        2,
        (2, 3, 4),
        "opponent",
        "lasting",
        N_("Starting next round"),
        N_(
            "While it lasts, each time your opponent casts a spell they take 2 Fatigue right after its effect. "
            "Countered spells, Focus and Counterspell do not set it off."
        ),
        N_("for {rounds} from next round, {target} takes 2 Fatigue after every spell they cast"),
        "designed here",
        lasts=(1, 0),
    ),
    _card(
        "levitate",
        N_("Levitate"),
        "Charms",
        3,
        (4,),
        "opponent",
        "lasting",
        N_("This round; end of next round"),
        N_(
            "This round: if your opponent played Focus, it gives them no Power. At the end of next round they take 4 "
            "Damage, whatever they played, unless a Dispel has removed this card's token first."
        ),
        N_("{target}'s Focus gives no Power this round, and {target} takes 4 Damage at the end of next round"),
        "rulebook+fan",
        lasts=(0, 1),
        eor="once",
    ),
    _card(
        "erase_memory",
        N_("Erase Memory"),
        "Charms",
        4,
        (7, 8, 9),
        "opponent",
        "lasting",
        N_("This round"),
        N_(
            "Look at your opponent's hand and take 2 cards of your choice (Focus and Counterspell too; all of them if "
            "they hold fewer). They lie under Erase Memory and cannot be played; when Erase Memory leaves play they go "
            "back to their owner's hand."
        ),
        N_("{caster} looks at {target}'s hand and takes 2 cards away for {rounds}"),
        "designed here",
        lasts=(1, -6),
    ),
    _card(
        "energize",
        N_("Energize"),
        "Charms",
        1,
        (1, 2, 3),
        "ally",
        "quick",
        N_("This round"),
        N_("Your ally gains P+2 Power (never above 10)."),
        N_("{target} gains {P+2} Power"),
        "designed here",
        duos=True,
    ),
    # --- Curses ------------------------------------------------------------------------------------------------
    _card(
        "paralyze",
        N_("Paralyze"),
        "Curses",
        1,
        (3,),
        "opponent",
        "lasting",
        N_("Starting next round"),
        N_(
            "Next round your opponent takes no turn: they choose no card and play nothing, not even Focus or "
            "Counterspell. Their lasting and end-of-round effects still happen."
        ),
        N_("{target} takes no turn next round"),
        "designed here",
        lasts=(0, 1),
    ),
    _card(
        "explosion",
        N_("Explosion"),
        "Curses",
        2,
        (3, 4, 5),
        "opponent",
        "quick",
        N_("This round"),
        N_("Your opponent takes P+1 Damage."),
        N_("{P+1} Damage to {target}"),
        "rulebook",
    ),
    _card(
        "embrace_pain",
        N_("Embrace Pain"),
        "Curses",
        3,
        (3, 4, 5),
        "self",
        "lasting",
        N_("Starting next round"),
        N_(
            "While it lasts, whenever you lose Stamina to Damage or Fatigue you gain as much Power as the Stamina you "
            "lost (never above 10)."
        ),
        N_("for {rounds} from next round, {target} gains Power for every Stamina lost to Damage or Fatigue"),
        "designed here",
        lasts=(1, -1),
    ),
    _card(
        "death",
        N_("Death"),
        "Curses",
        4,
        (10,),
        "opponent",
        "quick",
        N_("This round"),
        N_("If your opponent has 11 Stamina or less, they forfeit the duel."),
        N_("{target} forfeits if they have 11 Stamina or less"),
        "rulebook+fan",
    ),
    _card(
        "conflagration",
        N_("Conflagration"),
        "Curses",
        4,
        (7, 8, 9),
        "both",
        "quick",
        N_("This round"),
        N_("Your opponent and your ally's opponent each take P−3 Damage."),
        N_("{P-3} Damage to each of {target}"),
        "designed here",
        duos=True,
    ),
    # --- Transfiguration ----------------------------------------------------------------------------------------
    _card(
        "regenerate",
        N_("Regenerate"),
        "Transfiguration",
        1,
        (4,),
        "self",
        "lasting",
        N_("This round; end of next round"),
        N_(
            "You gain 2 Stamina now, and 2 more at the end of next round unless a Dispel removed this card's token "
            "first. Stamina never goes above 20."
        ),
        N_("{target} gains 2 Stamina now and 2 more at the end of next round"),
        "rulebook+fan",
        lasts=(0, 1),
        eor="once",
    ),
    _card(
        "brittlebones",
        N_("Brittlebones"),
        "Transfiguration",
        2,
        (2, 3, 4),
        "opponent",
        "lasting",
        N_("Starting next round"),
        N_("While it lasts, every Damage your opponent takes is 2 more."),
        N_("for {rounds} from next round, every Damage {target} takes is 2 more"),
        "rulebook+fan",
        lasts=(1, 0),
    ),
    _card(
        "polymorph",
        N_("Polymorph"),
        "Transfiguration",
        3,
        (6,),
        "opponent",
        "quick",
        N_("This round"),
        N_("If your opponent has 8 Stamina or less, they forfeit the duel (name the animal they became)."),
        N_("{target} forfeits if they have 8 Stamina or less"),
        "rulebook+fan",
    ),
    _card(
        "shrink",
        N_("Shrink"),
        "Transfiguration",
        4,
        (9,),
        "opponent",
        "quick",
        N_("This round"),
        N_("Your opponent takes Fatigue equal to half their Stamina, rounded down."),
        N_("{target} takes Fatigue equal to half their Stamina"),
        "rulebook+fan",
    ),
    _card(
        "molten_floor",
        N_("Molten Floor"),
        "Transfiguration",
        3,
        (4, 5, 6),
        "both",
        "lasting",
        N_("Starting next round"),
        N_(
            "At the end of each round it lasts, your opponent and your ally's opponent each take 2 Damage. It stays in "
            "play for your ally's duel after yours ends."
        ),
        N_("for {rounds} from next round, {target} each take 2 Damage at the end of the round"),
        "designed here",
        lasts=(1, -3),
        eor="each",
        duos=True,
    ),
    # --- Defense -------------------------------------------------------------------------------------------------
    _card(
        "reflect",
        N_("Reflect"),
        "Defense",
        1,
        (2,),
        "self",
        "quick",
        N_("This round"),
        N_(
            "This round every spell aimed at you as an opponent turns back on its caster, even one that goes before "
            "Reflect. Spells aimed at oneself or at an ally, Focus and Counterspell are not touched."
        ),
        N_("spells aimed at {target} this round turn back on their casters"),
        "designed here",
    ),
    _card(
        "disarm",
        N_("Disarm"),
        "Defense",
        2,
        (2,),
        "opponent",
        "quick",
        N_("This round"),
        N_("If your opponent has 5 Stamina or less, they forfeit the duel."),
        N_("{target} forfeits if they have 5 Stamina or less"),
        "rulebook+fan",
    ),
    _card(
        "dispel",
        N_("Dispel"),
        "Defense",
        3,
        (3, 4, 5),
        "opponent",
        "quick",
        N_("This round"),
        N_(
            "Remove P−1 lasting-effect tokens of your choice from lasting spells your opponent owns (all of them if "
            "there are fewer). A spell left without a token ends at once and goes back to its owner. Spells cast this "
            "round have no tokens yet."
        ),
        N_("remove {P-1} lasting-effect tokens from {target}'s lasting spells"),
        "designed here",
    ),
    _card(
        "invisibility",
        N_("Invisibility"),
        "Defense",
        4,
        (5, 6, 7),
        "self",
        "lasting",
        N_("Starting next round"),
        N_(
            "While it lasts, your spells cannot be countered and cannot be turned back. A Counterspell played against "
            "you still costs its player Stamina."
        ),
        N_("for {rounds} from next round, {target}'s spells cannot be countered or turned back"),
        "designed here",
        lasts=(1, -3),
    ),
    _card(
        "transference",
        N_("Transference"),
        "Defense",
        1,
        (1, 2, 3),
        "ally",
        "quick",
        N_("This round"),
        N_(
            "Choose an amount from 1 to 3×P that is less than your Stamina: you lose it and your ally gains it (never "
            "above 20). This is neither Damage nor Fatigue."
        ),
        N_("{caster} gives {target} up to {3P} Stamina"),
        "designed here",
        duos=True,
    ),
    # --- Hexes -------------------------------------------------------------------------------------------------
    _card(
        "share_pain",
        N_("Share Pain"),
        "Hexes",
        1,
        (1, 2, 3),
        "opponent",
        "quick",
        N_("This round"),
        N_("Your opponent takes P Fatigue, plus 1 if your Stamina is lower than theirs when it resolves."),
        N_("{P} Fatigue to {target}, plus 1 if {caster} has less Stamina"),
        "rulebook+fan",
    ),
    _card(
        "fear",
        N_("Fear"),
        "Hexes",
        2,
        (2, 3, 4),
        "opponent",
        "lasting",
        N_("Starting next round"),
        N_("While it lasts, every Fatigue your opponent takes is 2 more."),
        N_("for {rounds} from next round, every Fatigue {target} takes is 2 more"),
        "rulebook+fan",
        lasts=(1, 0),
    ),
    _card(
        "chaos",
        N_("Chaos"),
        "Hexes",
        3,
        (4, 5, 6),
        "opponent",
        "quick",
        N_("This round"),
        N_("Roll a die. 1: you and your opponent each take P Damage. 2: they take P Damage. 3 or 4: P+1. 5 or 6: P+2."),
        N_("roll a die: {P} to {P+2} Damage to {target} (on a 1, {caster} takes {P} too)"),
        "rulebook+fan",
    ),
    _card(
        "mind_control",
        N_("Mind Control"),
        "Hexes",
        4,
        (8, 9, 10),
        "opponent",
        "quick",
        N_("This round"),
        N_("If your opponent's Power is P−8 or less when it resolves, they forfeit the duel."),
        N_("{target} forfeits if they have {P-8} Power or less"),
        "rulebook+fan",
    ),
    _card(
        "imprison",
        N_("Imprison"),
        "Hexes",
        2,
        (3, 4, 5),
        "both",
        "lasting",
        N_("Starting next round"),
        N_(
            "While it lasts, your opponent and your ally's opponent gain no Power from anything: Focus, Energize, "
            "Embrace Pain, Portents. It stays in play for your ally's duel after yours ends."
        ),
        N_("for {rounds} from next round, {target} gain no Power"),
        "designed here",
        lasts=(1, -2),
        duos=True,
    ),
    # --- Divination ------------------------------------------------------------------------------------------
    _card(
        "portents",
        N_("Portents"),
        "Divination",
        1,
        (2, 3, 4),
        "self",
        "lasting",
        N_("Starting next round"),
        N_(
            "At the end of each round it lasts, roll a die. 1: take 2 Fatigue. 2 or 3: gain 2 Stamina. 4 or 5: gain 2 "
            "Power. 6: gain 2 Stamina and 2 Power."
        ),
        N_("for {rounds} from next round, {target} rolls a die for omens at the end of each round"),
        "designed here",
        lasts=(1, 0),
        eor="each",
    ),
    _card(
        "scry",
        N_("Scry"),
        "Divination",
        2,
        (2, 3, 4),
        "self",
        "quick",
        N_("This round"),
        N_(
            "Look at P random spells of your deck that are in no spellbook (all of them if fewer; in 1 vs 1 never a "
            "Duos spell) and put one of them in your hand; it is yours for this duel, and the others go back. Scry "
            "then goes into that deck until the duel ends."
        ),
        N_("{caster} looks at {P} spells of the deck and keeps one"),
        "designed here",
    ),
    _card(
        "arithmancy",
        N_("Arithmancy"),
        "Divination",
        3,
        (3, 4, 5),
        "opponent",
        "quick",
        N_("This round"),
        N_(
            "Add your Spell Power to your opponent's dial this round (0 if they played Focus or Counterspell or took "
            "no turn). Your opponent takes half of that, rounded up, as Damage."
        ),
        N_("half of {P} plus the other dial, rounded up, as Damage to {target}"),
        "designed here",
    ),
    _card(
        "grim_omen",
        N_("Grim Omen"),
        "Divination",
        4,
        (7,),
        "opponent",
        "quick",
        N_("This round"),
        N_("You and your opponent swap Stamina. This is neither Damage, Fatigue nor a gain."),
        N_("{caster} and {target} swap Stamina"),
        "rulebook+fan",
    ),
    _card(
        "nevermore",
        N_("Nevermore"),
        "Divination",
        4,
        (4, 5, 6),
        "ally",
        "quick",
        N_("This round"),
        N_(
            "Your ally gains 2×P Stamina (never above 20) and Power back to 10 (not if imprisoned). Then you forfeit "
            "your duel. Needs your ally still dueling: if their duel ends first, nothing happens and you do not "
            "forfeit."
        ),
        N_("{target} gains {2P} Stamina and Power back to 10, then {caster} forfeits"),
        "designed here",
        duos=True,
    ),
    # --- Jinxes ------------------------------------------------------------------------------------------------
    _card(
        "shock",
        N_("Shock"),
        "Jinxes",
        1,
        (1, 2, 3),
        "opponent",
        "quick",
        N_("This round"),
        N_(
            "Your opponent takes P Damage, plus 1 if your turn comes before theirs. If they take no turn, you choose "
            "to go first (the +1) or second."
        ),
        N_("{P} Damage to {target}, plus 1 if {caster} goes first"),
        "designed here",
    ),
    _card(
        "tongue_tie",
        N_("Tongue Tie"),
        "Jinxes",
        2,
        (2, 3, 4),
        "opponent",
        "lasting",
        N_("Starting next round"),
        N_(
            "While it lasts, every spell your opponent plays costs 2 Power more than its dial shows, even if it is "
            "countered. A spell costing more than 10 or more than their Power cannot be played."
        ),
        N_("for {rounds} from next round, every spell {target} plays costs 2 Power more"),
        "designed here",
        lasts=(1, -1),
    ),
    _card(
        "ignite",
        N_("Ignite"),
        "Jinxes",
        3,
        (3,),
        "opponent",
        "lasting",
        N_("End of next round"),
        N_("At the end of next round your opponent takes 6 Damage, unless a Dispel removed this card's token first."),
        N_("{target} takes 6 Damage at the end of next round"),
        "rulebook+fan",
        lasts=(0, 1),
        eor="once",
    ),
    _card(
        "confusion",
        N_("Confusion"),
        "Jinxes",
        4,
        (5, 6, 7),
        "opponent",
        "lasting",
        N_("Starting next round"),
        N_("While it lasts, every spell your opponent casts at an opponent turns back on them."),
        N_("for {rounds} from next round, {target}'s spells at opponents turn back on them"),
        "designed here",
        lasts=(1, -3),
    ),
    _card(
        "miasma",
        N_("Miasma"),
        "Jinxes",
        1,
        (1, 2, 3),
        "both",
        "lasting",
        N_("Starting next round"),
        N_(
            "At the end of each round it lasts, your opponent and your ally's opponent each take 1 Fatigue. It stays "
            "in play for your ally's duel after yours ends."
        ),
        N_("for {rounds} from next round, {target} each take 1 Fatigue at the end of the round"),
        "designed here",
        lasts=(1, 0),
        eor="each",
        duos=True,
    ),
]

CARDS: dict[str, Card] = {card.id: card for card in _ROWS}

# A spell turned back reaches its caster alone. The few whose words set the caster beside the target are read
# otherwise then: Chaos on a 1 hurts the caster once (the rulebook's Q&A), and Share Pain's bonus would compare
# the caster with themself, so it never comes. Keys of ``Card.spoken``'s kind, shown with ``_()``.
SPOKEN_TURNED_BACK: dict[str, str] = {
    "chaos": N_("roll a die: {P} to {P+2} Damage to {target}"),
    "share_pain": N_("{P} Fatigue to {target}"),
    "shock": N_("{P} Damage to {target}"),  # (never before oneself: no +1)
    "arithmancy": N_("{P} Damage to {target} (its own dial added, halved)"),
}

# The spells that reach both opponents of a Duos set ("each", a plural verb), as they are read when they reach one
# wizard alone: a 1 vs 1 duel, the ally's duel over, or turned back with the ally out ("Bram each take 1 Fatigue"
# was told). Keys of ``Card.spoken``'s kind, shown with ``_()``.
SPOKEN_ONE: dict[str, str] = {
    "conflagration": N_("{P-3} Damage to {target}"),
    "molten_floor": N_("for {rounds} from next round, {target} takes 2 Damage at the end of the round"),
    "imprison": N_("for {rounds} from next round, {target} gains no Power"),
    "miasma": N_("for {rounds} from next round, {target} takes 1 Fatigue at the end of the round"),
}

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

# The (school, level) slot of each spell, and the spells of each slot.
SLOTS: dict[tuple[str, int], tuple[str, ...]] = {}
for _id in SPELLS:
    _slot = (CARDS[_id].school, CARDS[_id].level)
    SLOTS[_slot] = (*SLOTS.get(_slot, ()), _id)


def deck_spells(duos: bool) -> tuple[str, ...]:
    """The spells a player (1 vs 1) or a team (Duos) builds from."""
    return SPELLS if duos else BASE_SPELLS


def name(card: str) -> str:
    """A card's name in the current language (an unknown id as it is)."""
    known = CARDS.get(card)
    return known.name if known else card


def name_en(card: str) -> str:
    """A card's name in English, for what is kept (the state's reasons, the history's figures)."""
    known = CARDS.get(card)
    return known.name_en if known else card


def describe_slot(card: str) -> str:
    """ "a level 2 Curse" for Explosion."""
    c = CARDS[card]
    return _("a level {level} {school}").format(level=c.level, school=_(SCHOOL_SHORT[c.school]))


# Premade spellbooks, as printed in the rulebook (Duos pairs share one deck: no card twice in a pair). Their names
# are keys (options, saves): shown with ``book_name``.
PREMADE: dict[str, tuple[str, ...]] = {
    N_("The Crone"): ("share_pain", "fear", "chaos", "mind_control", "stun", "silence", "reflect"),
    N_("The Dark Lord"): ("paralyze", "explosion", "embrace_pain", "death", "reflect", "portents", "share_pain"),
    N_("The Boy Wizard"): ("shock", "tongue_tie", "ignite", "reflect", "disarm", "dispel", "stun"),
    N_("The Prodigy"): ("regenerate", "brittlebones", "polymorph", "shrink", "paralyze", "explosion", "shock"),
    N_("The Constable"): ("share_pain", "imprison", "chaos", "mind_control", "stun", "silence", "levitate"),
    N_("The Rogue"): ("regenerate", "brittlebones", "molten_floor", "shrink", "paralyze", "explosion", "energize"),
    N_("The Sorceress"): ("paralyze", "explosion", "embrace_pain", "conflagration", "transference", "disarm", "dispel"),
    N_("The Prophet"): ("share_pain", "fear", "miasma", "portents", "scry", "arithmancy", "nevermore"),
}
SOLO_PREMADES = ("The Crone", "The Dark Lord", "The Boy Wizard", "The Prodigy")
# The name of a book drawn at random for a Duos bot beside a person's book that no premade one fits (The Dark Lord)
DRAWN_BOOK_NAME = N_("A book drawn at random")
DUOS_PAIRS = (("The Constable", "The Rogue"), ("The Sorceress", "The Prophet"))

# The rulebook's two strategies per 1 vs 1 premade: the five spells to keep in hand (the other two are the
# side board). Offered as suggestions when choosing a side board.
STRATEGIES: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "The Crone": (
        (N_("Bow Before Me!"), ("share_pain", "chaos", "mind_control", "stun", "reflect")),
        (N_("Shh... Don't Be Afraid"), ("share_pain", "fear", "chaos", "silence", "reflect")),
    ),
    "The Dark Lord": (
        (N_("Overwhelming Power"), ("share_pain", "explosion", "embrace_pain", "death", "portents")),
        (N_("Deterrence Theory"), ("explosion", "paralyze", "embrace_pain", "reflect", "portents")),
    ),
    "The Boy Wizard": (
        (N_("Feeling The Heat"), ("shock", "tongue_tie", "ignite", "reflect", "disarm")),
        (N_("Powerless"), ("stun", "ignite", "tongue_tie", "reflect", "dispel")),
    ),
    "The Prodigy": (
        (N_("Animalus Minimus"), ("regenerate", "polymorph", "shrink", "paralyze", "shock")),
        (N_("Shock Therapy"), ("brittlebones", "polymorph", "paralyze", "explosion", "shock")),
    ),
}


def book_name(title: str) -> str:
    """A premade spellbook's name (or a strategy's) in the current language; a book of one's own as it is named."""
    return _(title) if title in PREMADE or title in STRATEGY_NAMES or title == DRAWN_BOOK_NAME else title


STRATEGY_NAMES = frozenset(title for ways in STRATEGIES.values() for title, _cards in ways)
