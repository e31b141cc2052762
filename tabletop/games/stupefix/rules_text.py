"""Stupéfix's rules page, in our own words, for the app's Rules screen. The card list comes from ``cards``."""

from __future__ import annotations

from tabletop.games.stupefix.cards import FAVEUR_BONUS, GLOSSARY, HANDICAP_HAND, REWARD_ROWS

SECTIONS: list[tuple[str, str]] = [
    (
        "The idea",
        "Eight rounds of wand duels between the houses. Each round you secretly prepare a spell, point your "
        "wand at a wizard of another house, then everyone casts at once - or shields with Protego. Only the "
        "wizards whose flag still stands share the round's rewards. The house with the most points wins. The "
        "table keeps the game's French names; hover or long-press one for its English meaning.",
    ),
    (
        "Players and houses",
        "4 to 8 players, in houses that play as teams and share one urn: 4 players are four houses of one; 5 "
        "are 2+1+1+1; 6 are three houses of two; 7 are 2+2+2+1; 8 are four houses of two. Teammates never sit "
        "side by side. You may never target a teammate: your adversaries are the players of the other houses.",
    ),
    (
        "Setting up",
        "Each player takes a wand, a flag and 8 spell cards: 3 Stupéfix and 5 Sort raté. Handicap: every "
        f"player of a two-player house has {HANDICAP_HAND['stupefix']} Stupéfix and {HANDICAP_HAND['rate']} Sort "
        "raté, and starts with 1 Retard token. The 64 reward cards are shuffled face down. Devenir le Chouchou "
        "lies in the middle. The first Chouchou is chosen at setup (or drawn at random).",
    ),
    (
        "1. Reveal the rewards",
        "The Chouchou runs each round. Eight rewards are drawn and laid face up beside Devenir le Chouchou, "
        "which is the ninth reward of every round.",
    ),
    (
        "2. Prepare your spell",
        "At the same time, each player lays one of their spell cards face down, Stupéfix or Sort raté. With "
        "several people at one screen, each chooses behind the privacy screen. A player with no spell card left "
        "(Cours Particuliers can take your last Sort raté) prepares nothing this round, but still points a wand "
        "and may cast Protego.",
    ),
    (
        "3. Target an adversary",
        "Sorcières, Sorciers, à vos baguettes! A countdown runs: 1, 2, 3. Before three, drag your wand onto an "
        "adversary. On a touchscreen everyone drags at once, one finger each; with one mouse, players point in "
        "turn from the Chouchou's left, each seeing the wands already pointed, with the count restarted for "
        "each. Whoever has not pointed at three is too late and targets nobody. Bots point after a short delay "
        "and may react to the wands already pointed. Wands are public.",
    ),
    (
        "4. Cast your spell",
        "Look at the wands. Then, at the same time, each player casts the prepared card or Protego instead: "
        "drag your wand back onto yourself (wand to your face) or press Protego. The decisions are secret until "
        "everyone has decided, then all are revealed at once. Stupéfix strikes the wizard your wand points at; "
        "Sort raté does nothing; Protego means you target nobody any more. A player who prepared no card casts "
        "Protego or nothing.",
    ),
    (
        "5. Apply the spells",
        "All effects are simultaneous: you can stun and be stunned at once. Protego: you are protected, your "
        "flag goes down and your prepared card is discarded face down. Otherwise, if one or more Stupéfix strike "
        "you, you are stunned: flag down, one Retard token per Stupéfix, card discarded face up. Anyone else "
        "discards their card face up and keeps their flag standing.",
    ),
    (
        "6. Share the rewards",
        "Only standing flags share. From the Chouchou - or, if the Chouchou's flag is down, the first standing "
        "player to their left - then clockwise among standing players, each takes one reward in turn until none "
        "is left: a lone standing player takes them all. If no flag stands, the eight rewards are discarded and "
        "the Chouchou stays. Cours Particuliers, Retourneur de Temps and Devenir le Chouchou act as soon as they "
        "are taken, then the sharing goes on in the same order. Cours Particuliers: your Sort raté goes face up "
        "onto the discard pile even when no Stupéfix can be taken, and with no Sort raté you still take the "
        "Stupéfix. You choose which Stupéfix: a face-up one, or one of the face-down cards - you look through "
        "those alone (behind the privacy screen when several people share the screen), and nobody learns whose "
        "card it was. Retourneur de Temps: when you and your teammate both hold Retard tokens, you choose whose "
        "goes back.",
    ),
    (
        "7. End of the round",
        "Potion Réussie and Faveur stay face down in front of their owner. Each house announces the Points it "
        "took and puts them into its urn (only Points cards go into the urn). Devenir le Chouchou returns to the "
        "middle, every flag stands up again and the next round begins.",
    ),
    (
        "End of the game",
        "After the eighth round. 1. Maître des Potions (+100) goes to the urn of the one player with the most "
        "Potion Réussie; on a tie nobody gets it. 2. Each player with the most Retard tokens puts a Retardataire "
        "(-100) into their house's urn; if everyone has the same number, nobody does. 3. Each player scores their "
        "Faveur cards: "
        + ", ".join(f"{n} card{'s' * (n > 1)} {FAVEUR_BONUS[n]}" for n in range(1, len(FAVEUR_BONUS)))
        + ". 4. A house scores its urn plus its players' Faveur points. The highest wins; tied houses share "
        "the victory.",
    ),
    (
        "French words on the table",
        "; ".join(f"{name}: {meaning}" for name, meaning in GLOSSARY.items()) + ".",
    ),
]


def card_list() -> list[tuple[str, str]]:
    """Every card: the spells, each reward with its copies, and the end-of-game cards."""
    entries = [
        ("Stupéfix (Stunning Spell)", "Spell card, 3 per player (2 with the handicap). Strikes your wand's target."),
        ("Sort raté (Failed spell)", "Spell card, 5 per player (6 with the handicap). Does nothing."),
        (
            "Protego (Shield Charm)",
            "Not a card: cast instead of any prepared card. You are protected, your flag goes down, and your "
            "card is discarded face down.",
        ),
    ]
    for reward in REWARD_ROWS:
        copies = f"{reward.copies} cards in the deck" if reward.copies else "1 card, on offer every round"
        entries.append((f"{reward.name} ({reward.english})", f"{copies}. {reward.text}"))
    entries += [
        (
            "Maître des Potions (Potions Master)",
            "1 card, at the end: +100 in the urn of the one player with the most Potion Réussie (nobody on a tie).",
        ),
        (
            "Retardataire (Latecomer)",
            "As many as needed, at the end: -100 in the urn of each player with the most Retard tokens (none if "
            "everyone has the same number).",
        ),
        (
            "Retard token (Late)",
            "One for each Stupéfix that stuns you; a player of a two-player house starts with one. Unlimited.",
        ),
        ("Chouchou tile (Teacher's Pet)", "Its holder runs the round and chooses the first reward."),
    ]
    return entries
