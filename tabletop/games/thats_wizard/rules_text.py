"""That's Wizard!'s rules page, in our own words, for the app's Rules screen, in the language shown. The card list
comes from ``cards``."""

from __future__ import annotations

from tabletop.games.thats_wizard.bots import GIVE_UP
from tabletop.games.thats_wizard.cards import CARDS, PREMADE, Card, book_name
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.resources import STALL_ROUNDS
from tabletop.i18n import N_

# The pages in English (the catalogue's messages); ``sections`` makes them in the language shown.

SECTIONS_EN: list[tuple[str, str]] = [
    (
        N_("The idea"),
        N_(
            "Two wizards duel with a spellbook of seven spells each. Every round both secretly choose one card and set "
            "their Spell Power dial, then reveal together. Low Spell Power is quick, high Spell Power is strong. Bring "
            "your opponent to 0 Stamina, or make them forfeit with Death, Mind Control, Polymorph or Disarm, to win "
            "the duel. In 1 vs 1 the first to win two duels wins the match; in Duos (2 vs 2) the first team to three "
            "victory tokens."
        ),
    ),
    (
        N_("Stamina, Power and the dial"),
        N_(
            "Each duel starts at 20 Stamina (your health, red pawn) and 10 Power (your magic, blue pawn). Neither goes "
            "above its maximum; any gain beyond it is lost. Every spell shows the dial values it can be played at; P "
            "in its text is the value on your dial. Playing a spell costs that much Power."
        ),
    ),
    (
        N_("Building a spellbook"),
        N_(
            "A spellbook has exactly 7 spells. Within a school you must take the levels in order from level 1: 1, 1-2, "
            "1-3 or 1-4. You may have only one spell per school and level. The seven Duos spells share a school and "
            "level with a base spell, are played only in Duos, and fill that slot (Conflagration rules out Death). "
            "Duos allies build from one shared deck, so no spell can be in both their books. Focus and Counterspell "
            "are not part of the seven: everyone has them. The premade books (four for 1 vs 1, two pairs for Duos) are "
            "ready to play; your own books are made in the spellbook editor, which explains every broken rule."
        ),
    ),
    (
        N_("Before each duel"),
        N_(
            "Everyone secretly puts two spells of their book face down as a side board: they sit out this duel. Your "
            "hand is the other five spells plus Focus and Counterspell. Before the next duel you choose again."
        ),
    ),
    (
        N_("A round"),
        N_(
            "1. Lasting spells cast last round that act 'starting next round' are now in force. 2. Secretly choose a "
            "card and set your dial. 3. Reveal together. 4. Pay: each legal play spends its Power at once; a "
            "Counterspell costs its Stamina now. 5. Turns: the lowest dial goes first (Focus and Counterspell count as "
            "0). On equal dials the players roll dice, again on a tie, and the winner chooses to go first or second; "
            "when only Focus and Counterspell are tied, nobody rolls, as their order changes nothing. Your turn reads "
            "your card aloud with P filled in. 6. End of round: Focus, Ignite, Levitate, Regenerate, Portents and the "
            "Duos ticks happen. A player with several such effects orders them; if more than one player has some, they "
            "roll and the winner chooses to go first or second (in Duos, those who have some roll, and in the order of "
            "their rolls each chooses a place among those left). 7. Clean-up: quick cards go back to hand; a lasting "
            "spell cast this round stays in play with its lasting-effect tokens, by the player it targets; every older "
            "lasting spell loses one token and goes back to its owner's hand when the last one goes."
        ),
    ),
    (
        N_("Countering and turning back"),
        N_(
            "Counterspell stops the spell your opponent played this round: it does nothing, its Power stays spent and "
            "it is not cast. Focus and Counterspell cannot be countered. Counterspell costs 1 Stamina, plus 1 for each "
            "round in a row just before this one in which you also played it; the cost drops back to 1 after a round "
            "without it. A spell aimed at an opponent is turned back on its caster when a wizard it targets plays an "
            "uncountered Reflect this round (whatever the turn order) or the caster is under Confusion. Invisibility "
            "makes your spells immune to both. Turned back, the spell works as written on its caster (and in Duos "
            "'both opponents' becomes the caster and their ally), every 'your opponent' in it reading as the caster: "
            "a turned-back Shock never goes first of its caster (no +1), Arithmancy adds the caster's own dial, Share "
            "Pain's test compares the caster with themself, Grim Omen swaps nothing."
        ),
    ),
    (
        N_("Played, cast and passing"),
        N_(
            "A card is played when it is revealed as a legal play; it is cast when it also resolves on its turn "
            "without being countered. A card you cannot pay for, a dial the card does not allow, or a card an effect "
            "forbids is an illegal play: nothing is paid, you take no turn and the card stays in your hand. To pass on "
            "purpose, choose Pass, or show a card with a dial it cannot take. A wizard with no legal play at all "
            "passes."
        ),
    ),
    (
        N_("Damage and Fatigue"),
        N_(
            "Damage is direct harm, Fatigue indirect harm; both cost Stamina. Brittlebones adds 2 to each Damage you "
            "take, Fear adds 2 to each Fatigue, and copies add up. Counterspell's cost, Transference and Grim Omen are "
            "plain Stamina changes that nothing reacts to."
        ),
    ),
    (
        N_("The end of a duel"),
        N_(
            "The moment a wizard reaches 0 Stamina or forfeits, their opponent wins the duel and a victory token; the "
            "rest of the round does not happen for that duel. When one moment would bring wizards of both sides to 0 "
            "(Chaos rolling 1, two Counterspells), the wizards concerned roll and the highest roller chooses whose "
            "loss comes first. When one Conflagration would bring two wizards of one side to 0 (both of its "
            "caster's opponents, or, turned back, the caster and their ally), the caster and their opponent roll and "
            "the higher roller chooses which fall comes first (whose duel it ends)."
        ),
    ),
    (
        N_("When a duel stalls (added by this app)"),
        N_(
            "The rulebook ends a duel only at 0 Stamina or a forfeit, so two wizards who can no longer hurt each other "
            "(a book without Damage or Fatigue against one that heals) could duel for ever. The app adds a way out. A "
            "duel is stalled once {stall} whole rounds pass in which neither of its wizards falls below the lowest "
            "Stamina they have had in it. While your duel is stalled, when you choose your card you may instead "
            "Concede the duel: it counts as a forfeit, your opponent takes the victory token and the match goes on. If "
            "nothing you still hold can hurt your opponent (no Damage or Fatigue spell or Grim Omen, no Death, "
            "Polymorph or Disarm with them in range, no Mind Control or Scry), you may also Offer a draw, once a "
            "round. Every other wizard then answers in turn, and only one who is still dueling and cannot win either "
            "may accept (in Duos a finished duel does not count: the next set may still decide the match). One refusal "
            "ends the offer; if all accept, the match ends in a draw and both sides share it. A concession and an "
            "agreed draw are final. The bots do the same when they can make no progress: a bot that cannot hurt its "
            "opponent offers a draw once and then concedes; a bot that can, but has seen {give_up} rounds without "
            "progress, concedes when it has less Stamina than its opponent (with as much Stamina, after "
            "{give_up_even} rounds). The spellbook editor warns about a book that deals no Damage or Fatigue."
        ),
    ),
    (
        N_("Duos (2 vs 2)"),
        N_(
            "Allies sit side by side; each duels the player across the table. 'Your opponent' is that player; 'both "
            "opponents' are yours and your ally's. Everyone chooses and reveals at once, and one turn order covers all "
            "four players: on equal dials the two teams roll off and the winner puts their team first or second, and "
            "allies on the same dial choose their own order. Spells aimed at your ally (Energize, Transference, "
            "Nevermore) need the ally still dueling: they cannot be played once the ally's duel is over, and if the "
            "ally's duel ends earlier in the same round they do nothing on their turn. Nevermore then does not make "
            "you forfeit either: the rules do not say, and we read the forfeit as the price of saving the ally. Each "
            "duel won gives the team a victory token; a finished duel waits for the other. Imprison, Molten Floor and "
            "Miasma stay in play for the ally's duel after their caster's duel ends. After the first set, allies swap "
            "opponents. At 2-2 a sudden-death set is played: a player of each team rolls and the higher roller chooses "
            "the pairings; the first team to 3 wins at once."
        ),
    ),
]


TARGETS = {
    "opponent": N_("your opponent"),
    "self": N_("yourself"),
    "ally": N_("your ally"),
    "both": N_("both opponents"),
    "spell": N_("your opponent's spell"),
}
KINDS = {"quick": N_("quick"), "lasting": N_("lasting"), "special": N_("special")}


def sections() -> list[tuple[str, str]]:
    """The rules pages in the language shown."""
    values = {"stall": STALL_ROUNDS, "give_up": 2 * GIVE_UP, "give_up_even": 3 * GIVE_UP}
    return [(_(title), _(text).format(**values) if "{" in text else _(text)) for title, text in SECTIONS_EN]


def card_list() -> list[tuple[str, str]]:
    """One entry per card, in the language shown: its school, level, dial values, target, timing, duration and
    rule."""
    return [(card.name, _card_text(card)) for card in CARDS.values()]


def _card_text(card: Card) -> str:
    if card.is_spell and card.duos:
        where = _("{school} level {level} (Duos)").format(school=card.school_name, level=card.level)
    elif card.is_spell:
        where = _("{school} level {level}").format(school=card.school_name, level=card.level)
    else:
        where = _("Special action card")
    head = _("{where}. Dial {dials}. Targets {aim}; {kind}. When: {when}.").format(
        where=where, dials=card.dial_text, aim=_(TARGETS[card.target]), kind=_(KINDS[card.kind]), when=card.when
    )
    parts = [head]
    if card.lasting:
        parts.append(_("Lasts {rounds}.").format(rounds=card.lasts_text))
    parts.append(card.rule)
    books = [book_name(title) for title, spells in PREMADE.items() if card.id in spells]
    if books:
        parts.append(_("In: {books}.").format(books=", ".join(books)))
    return " ".join(parts)
