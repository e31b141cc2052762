"""House Cup Challenge's rules page, in our own words, for the app's Rules screen. Cards come from ``cards``.

The pages are made in the current language each time they are read (``sections`` and ``card_list``)."""

from __future__ import annotations

from tabletop.games.house_cup_challenge.board import SPACES, name
from tabletop.games.house_cup_challenge.cards import (
    ADVENTURES,
    CHARACTER_ORDER,
    CHARACTERS,
    SPECIALS,
    YEAR_TITLES,
    Adventure,
    vp,
)
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.i18n import N_

SECTIONS: list[tuple[str, str]] = [
    (
        N_("The idea"),
        N_(
            "Two to four Gryffindor friends roam the castle and its grounds, taking on adventures across five school "
            "years. A completed adventure gives Victory Points (VP) to its player and moves the shared Gryffindor "
            "token by the same amount. When Gryffindor reaches 500, the player with the most VP wins."
        ),
    ),
    (
        N_("Setting up"),
        N_(
            "Characters are dealt at random: Harry, Hermione, Ron and Neville, each with Knowledge (K), Skill (S) and "
            "Honor (H) and a gift of their own. Everyone starts in the Gryffindor Common Room. Harry takes the Wand "
            "(without Harry, the youngest player does). One player is the Prefect, with the Prefect card and the P "
            "token on its first step. With two players each takes a Wand Bonus Token. The Year 1 cards are "
            "shuffled and everyone draws 5; the rest form the Adventure Deck, and the later Years wait face up to the "
            "side. The Special Cards are shuffled face down. Then the Wand holder turns up Adventure Cards until 4 "
            "lie on the board."
        ),
    ),
    (
        N_("A round"),
        N_(
            "Everyone plays together in six steps, and the Prefect moves the P token along them. Steps 1, 2 and 3: "
            "starting with the Wand holder and going clockwise, each player takes one action. Step 4: Check for New "
            "Year. Step 5: New Adventure Cards. Step 6: the Wand passes to the left; its new holder turns their "
            "face-down Special Cards (and Wand Bonus Token) face up. Then anyone holding more than 8 cards discards "
            "down to 8."
        ),
    ),
    (
        N_("The actions"),
        N_(
            "Draw 2 Cards from the Adventure Deck (when it is empty the discard pile is shuffled into a new one; with "
            "both empty, you draw nothing). Move up to 3 spaces along the board's connections: walls stop you, rooms "
            "are entered by their doorways only, other characters never block you. Play 1 card to your space, if "
            "your space is listed after Play: and holds no card: you encounter it at once (sharing the space, you "
            "choose who encounters it, you or one of the others). Play 1 card to another space listed after Play: "
            "with no card on it, then draw 3 cards; if characters stand there, you choose one of them to encounter "
            "it at once - an ambush. Use 1 face-up [Action] Special Card, then turn it face down. You may also pass. "
            "The same action may be taken more than once in a round."
        ),
    ),
    (
        N_("Encounters"),
        N_(
            "Entering a space with a face-up card during a move ends the move with an encounter, unless you walk past "
            "it. So does a card played onto your space when you are the one chosen. Standing on a card's space is not "
            "enough: leave and come back in. The card's Test names one ability (K3), either of two (S3 / H3) or both "
            "(S4 + H4). If your abilities pass, you succeed at once. If not, you may discard up to 2 hand cards, each "
            "+1 to a tested ability (Ron: +2), and flip [Free] bonus Special Cards; then the Test is checked again "
            "(discarded cards are lost either way). Success: the card joins your completed cards; you gain its VP and "
            "its reward (+1 to an ability, at most 10; draw cards; or the top Special Card, or 2 Adventure Cards if "
            "there is none left). The player who encounters a card makes its choices and gets its outcome."
        ),
    ),
    (
        N_("Setbacks"),
        N_(
            "A failed card stays where it is. Fawkes the Phoenix may first give one more try with +2 to every tested "
            "ability (boosts still count); then Expelliarmus may cancel the setback. Otherwise: discard one hand card "
            "of your choice, then go back to the space you entered from (after a Firebolt or Floo Powder trip, the "
            "space you left). If the card was played onto you, step to a connected space without a card, your choice "
            "(or stay if there is none). Cards marked Hospital send you to the Hospital Wing instead. Any movement you "
            "had left is lost, and being put somewhere by a setback never starts an encounter."
        ),
    ),
    (
        N_("Walking past a card"),
        N_(
            "When you enter a space with a face-up card you may walk past it (and go on, or stop there without an "
            "encounter) if your abilities already pass its Test, if you use the Invisibility Cloak, on a Marauder's "
            "Map move, or as Harry once per round. A card played onto your own space cannot be walked past."
        ),
    ),
    (
        N_("New Year"),
        N_(
            "If the Gryffindor token reached 100, 200, 300 or 400 this round, the Prefect runs a New Year for each "
            "mark: the Year goes up by one and its cards are shuffled into the Adventure Deck; at the feast everyone "
            "raises one ability by 1; in the summer holidays each player, clockwise from the Wand holder, may "
            "discard any cards and draw as many; and face-up cards two or more Years old leave the board for the "
            "discard pile. Used [Free] Special Cards turn face up again then; used [Action] cards stay face down until "
            "their owner next receives the Wand, as the rulebook says."
        ),
    ),
    (
        N_("New Adventure Cards"),
        N_(
            "While fewer than 4 cards lie face up, the Wand holder turns up the top card and puts it on one of its "
            "spaces with no card and no character (their choice). A card with no such space is set aside and "
            "discarded when the step ends. The step also stops when both piles are empty. No one encounters these "
            "cards as they arrive, and no card ever goes on the Gryffindor Common Room."
        ),
    ),
    (
        N_("Wand Bonus Token (two players)"),
        N_(
            "Right after finishing an action you may turn your face-up token face down to take one extra action at "
            "once, of any kind (even Use 1 Special Card). It turns face up again when you next receive the Wand. "
            "The Time-Turner's two actions are part of the one action that used it, and they follow each other at "
            "once: the token cannot be flipped between them, only after the second."
        ),
    ),
    (
        N_("The end"),
        N_(
            "When Gryffindor reaches 500, the round's action steps are finished so everyone has had as many actions, "
            "and the game ends. If three rounds pass with nobody gaining VP (rounds before the last stalemate do not "
            "count), the term ends: in Years 1-4 the Gryffindor token jumps to the next hundred and the New Year "
            "follows; in Year 5 the game ends at once. Most VP wins; ties go to more completed Year 5 cards, then Year "
            "4 and so on, then the highest single ability; after that the tied players share the win."
        ),
    ),
    (
        N_("The castle"),
        N_(
            "Columns A-H, rows 1-7. Row 1 holds the Forbidden Forest (A1-D1), Hagrid's Hut and the Quidditch Pitch; "
            "row 2 the lake and the grounds; row 3 the ground-floor rooms; rows 4 and 6 are corridors, joined by the "
            "Grand Staircase, the Fat Lady's Portrait and the Moving Staircase; rows 5 and 7 hold rooms and towers. "
            "A secret passage joins the Whomping Willow to the Shrieking Shack. 'Forest' after Play: means any "
            "Forest space; 'Corridor' means any of the 11 unnamed corridor spaces. The board shows every wall and "
            "doorway."
        ),
    ),
]


def sections() -> list[tuple[str, str]]:
    """The rules pages' sections, (heading, text), in the current language."""
    return [(_(heading), _(text)) for heading, text in SECTIONS]


def card_list() -> list[tuple[str, str]]:
    """Every character, Special Card and Adventure Card with its rule in our words, in the current language."""
    entries: list[tuple[str, str]] = []
    for ident in CHARACTER_ORDER:
        c = CHARACTERS[ident]
        k, s, h = c.start
        heading = _("{name} (character)").format(name=c.name)
        text = _("Starts with K{knowledge} S{skill} H{honor}. {ability}: {text}")
        entries.append((heading, text.format(knowledge=k, skill=s, honor=h, ability=c.ability, text=c.text)))
    for special in SPECIALS.values():
        timing = _("[Action]") if special.timing == "action" else _("[Free]")
        entries.append((_("{name} (Special Card)").format(name=special.name), f"{timing} {special.text}"))
    entries += [adventure_entry(card) for card in ADVENTURES.values()]
    return entries


def adventure_entry(card: Adventure) -> tuple[str, str]:
    """An Adventure Card's line of the rules pages: (its title, id and Year; where it goes, its Test and so on)."""
    setback = _("Hospital") if card.setback == "hospital_setback" else _("standard")
    where = ", ".join(card.play)
    if card.play_en == tuple(SPACES[cell].name_en for cell in card.cells):
        spaces = where
    else:  # a group word ("Forest", "Corridor") or a name of several cells: the cells too
        spaces = f"{where} ({', '.join(name(cell) for cell in card.cells)})"
    heading = _("{title} ({id}, Year {year}: {year_title})").format(
        title=card.title, id=card.id, year=card.year, year_title=YEAR_TITLES[card.year]
    )
    text = _("Play: {spaces}. Test {test} ({words}). Reward: {vp} and {reward}. Setback: {setback}.").format(
        spaces=spaces,
        test=card.test.text(),
        words=card.test.words(),
        vp=vp(card.vp),
        reward=card.reward_text(),
        setback=setback,
    )
    return heading, text
