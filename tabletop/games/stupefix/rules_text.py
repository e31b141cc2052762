"""Stupéfix's rules page, in our own words, for the app's Rules screen. The card list comes from ``cards``.

The texts are message ids of the game's catalogue: ``sections`` and ``card_list`` make the pages in the current
language each time the Rules screen asks (a change of language in Settings shows at once).
"""

from __future__ import annotations

from tabletop.games.stupefix.cards import FAVEUR_BONUS, GLOSSARY, HANDICAP_HAND, RATE, REWARD_ROWS, STUPEFIX
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.i18n import ngettext
from tabletop.i18n import N_

Pairs = list[tuple[str, str]]

# (title, text) as message ids; the texts' {placeholders} are filled by ``sections``.
SECTIONS: list[tuple[str, str]] = [
    (
        N_("The idea"),
        N_(
            "Eight rounds of wand duels between the houses. Each round you secretly prepare a spell, point your "
            "wand at a wizard of another house, then everyone casts at once - or shields with Protego. Only the "
            "wizards whose flag still stands share the round's rewards. The house with the most points wins. This "
            "page uses the French rulebook's names; the table and its log name things in English, with the French "
            "name under a card held or hovered (the last section pairs them)."
        ),
    ),
    (
        N_("Players and houses"),
        N_(
            "4 to 8 players, in houses that play as teams and share one urn: 4 players are four houses of one; 5 "
            "are 2+1+1+1; 6 are three houses of two; 7 are 2+2+2+1; 8 are four houses of two. Teammates never sit "
            "side by side. You may never target a teammate: your adversaries are the players of the other houses."
        ),
    ),
    (
        N_("Setting up"),
        N_(
            "Each player takes a wand, a flag and 8 spell cards: 3 Stupéfix and 5 Sort raté. Handicap: every "
            "player of a two-player house has {handicap_stupefix} Stupéfix and {handicap_rate} Sort raté, and "
            "starts with 1 Retard token. The 64 reward cards are shuffled face down. Devenir le Chouchou lies in "
            "the middle. The first Chouchou is chosen at setup (or drawn at random)."
        ),
    ),
    (
        N_("1. Reveal the rewards"),
        N_(
            "The Chouchou runs each round. Eight rewards are drawn and laid face up beside Devenir le Chouchou, "
            "which is the ninth reward of every round."
        ),
    ),
    (
        N_("2. Prepare your spell"),
        N_(
            "At the same time, each player lays one of their spell cards face down, Stupéfix or Sort raté. With "
            "several people at one screen, each chooses behind the privacy screen. A player with no spell card left "
            "(Cours Particuliers can take your last Sort raté) prepares nothing this round, but still points a wand "
            "and may cast Protego."
        ),
    ),
    (
        N_("3. Target an adversary"),
        N_(
            "Sorcières, Sorciers, à vos baguettes! The Chouchou counts to three (the screen shows the seconds left: "
            "3, 2, 1). Before the count ends, drag your wand onto an adversary. On a touchscreen everyone drags at "
            "once, one finger each; with one mouse, players point in turn from the Chouchou's left, each seeing the "
            "wands already pointed, with the count restarted for each. Whoever has not pointed when it ends is too "
            "late and targets nobody. Bots point after a short delay and may react to the wands already pointed. "
            "Wands are public."
        ),
    ),
    (
        N_("4. Cast your spell"),
        N_(
            "Look at the wands. Then, at the same time, each player casts the prepared card or Protego instead: "
            "drag your wand back onto yourself (wand to your face) or press Protego. The decisions are secret until "
            "everyone has decided, then all are revealed at once. Stupéfix strikes the wizard your wand points at; "
            "Sort raté does nothing; Protego means you target nobody any more. A player who prepared no card casts "
            "Protego or nothing."
        ),
    ),
    (
        N_("5. Apply the spells"),
        N_(
            "All effects are simultaneous: you can stun and be stunned at once. Protego: you are protected, your "
            "flag goes down and your prepared card is discarded face down. Otherwise, if one or more Stupéfix strike "
            "you, you are stunned: flag down, one Retard token per Stupéfix, card discarded face up. Anyone else "
            "discards their card face up and keeps their flag standing."
        ),
    ),
    (
        N_("6. Share the rewards"),
        N_(
            "Only standing flags share. From the Chouchou - or, if the Chouchou's flag is down, the first standing "
            "player to their left - then clockwise among standing players, each takes one reward in turn until none "
            "is left: a lone standing player takes them all. If no flag stands, the eight rewards are discarded and "
            "the Chouchou stays. Cours Particuliers, Retourneur de Temps and Devenir le Chouchou act as soon as they "
            "are taken, then the sharing goes on in the same order. Cours Particuliers: your Sort raté goes face up "
            "onto the discard pile even when no Stupéfix can be taken, and with no Sort raté you still take the "
            "Stupéfix. You choose which Stupéfix: a face-up one, or one of the face-down cards - you look through "
            "those alone (behind the privacy screen when several people share the screen), and nobody learns whose "
            "card it was. Retourneur de Temps: when you and your teammate both hold Retard tokens, you choose whose "
            "goes back."
        ),
    ),
    (
        N_("7. End of the round"),
        N_(
            "Potion Réussie and Faveur stay face down in front of their owner. Each house announces the Points it "
            "took and puts them into its urn (only Points cards go into the urn). Devenir le Chouchou returns to the "
            "middle, every flag stands up again and the next round begins."
        ),
    ),
    (
        N_("End of the game"),
        N_(
            "After the eighth round. 1. Maître des Potions (+100) goes into the house's urn of the one player with "
            "the most Potion Réussie; on a tie nobody gets it. 2. Each player with the most Retard tokens puts a "
            "Retardataire (-100) into their house's urn; if everyone has the same number, nobody does. 3. Each "
            "player scores their Faveur cards: {faveurs}. 4. A house scores its urn plus its players' Faveur "
            "points. The highest wins; tied houses share the victory."
        ),
    ),
    (
        N_("The French rulebook's names"),
        N_("{glossary}."),
    ),
]


def faveur_scores() -> str:
    """ "1 card 10, 2 cards 30, ..." (the Faveur cards' bonus by how many one holds)."""
    scores = (
        ngettext("{count} card {points}", "{count} cards {points}", count).format(count=count, points=points)
        for count, points in enumerate(FAVEUR_BONUS[1:], 1)
    )
    return ", ".join(scores)


def glossary() -> str:
    """The game's names, each with what it means ("Stupéfix: Stunning Spell: ..."), in the current language."""
    entry = _("{term}: {meaning}")
    separator = _("; ")  # (French puts a space before the semicolon)
    return separator.join(entry.format(term=_(term), meaning=_(meaning)) for term, meaning in GLOSSARY.items())


def sections() -> Pairs:
    """The rules page's sections, (title, text), in the current language."""
    figures = {
        "handicap_stupefix": HANDICAP_HAND[STUPEFIX],
        "handicap_rate": HANDICAP_HAND[RATE],
        "faveurs": faveur_scores(),
        "glossary": glossary(),
    }
    return [(_(title), _(text).format(**figures)) for title, text in SECTIONS]


SPELL_ENTRIES = [
    (
        N_("Stupéfix (Stunning Spell)"),
        N_("Spell card, 3 per player (2 with the handicap). Strikes your wand's target."),
    ),
    (N_("Sort raté (Failed spell)"), N_("Spell card, 5 per player (6 with the handicap). Does nothing.")),
    (
        N_("Protego (Shield Charm)"),
        N_(
            "Not a card: cast instead of any prepared card. You are protected, your flag goes down, and your "
            "card is discarded face down."
        ),
    ),
]
END_ENTRIES = [
    (
        N_("Maître des Potions (Potions Master)"),
        N_(
            "1 card, at the end: +100 in the house's urn of the one player with the most Potion Réussie (nobody on "
            "a tie)."
        ),
    ),
    (
        N_("Retardataire (Latecomer)"),
        N_(
            "As many as needed, at the end: -100 in the urn of each player with the most Retard tokens (none if "
            "everyone has the same number)."
        ),
    ),
    (
        N_("Retard token (Late)"),
        N_("One for each Stupéfix that stuns you; a player of a two-player house starts with one. Unlimited."),
    ),
    (
        N_("Chouchou tile (Teacher's Pet)"),
        N_("Its holder runs the round and chooses the first reward when their flag stands."),
    ),
]


def card_list() -> Pairs:
    """Every card, (name, what it does), in the current language: the spells, each reward with its copies, and
    the end-of-game cards."""
    entries = [(_(name), _(text)) for name, text in SPELL_ENTRIES]
    for reward in REWARD_ROWS:
        if reward.copies:
            copies = ngettext("{count} card in the deck", "{count} cards in the deck", reward.copies)
        else:
            copies = _("1 card, on offer every round")
        entries.append((reward.heading, f"{copies.format(count=reward.copies)}. {reward.text}"))
    entries += [(_(name), _(text)) for name, text in END_ENTRIES]
    return entries
