"""House Cup Challenge's choices in the shared choice panel: who encounters a card, boosts, setbacks, New Year
choices, where a new card goes, the Wand Bonus Token, and which of several moves to the same space.

A choice about a card in hand shows the cards (discard, swap, boost: tap one, then confirm); every other
command is a button of its own, labelled in words. Nothing is chosen for the player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.core.protocol import Command
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import name
from tabletop.games.house_cup_challenge.cards import ABILITY_NAMES, ADVENTURES, CHARACTERS, MAX_ABILITY, SPECIALS, title
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.games.house_cup_challenge.i18n import ngettext
from tabletop.games.house_cup_challenge.view import ChallengeView
from tabletop.i18n import N_, end_sentence
from tabletop.ui.tables.choice_panel import ChoicePanel, Option, Pick
from tabletop.ui.tables.house_cup_challenge.faces import card_face

# How a move walks past a card (the rules' ways): the table's words for them, in the current language when shown.
WAY_WORDS = {"harry": N_("The Boy Who Lived"), "cloak": N_("Invisibility Cloak")}
FREE_WORDS = {"fawkes": N_("Flip Fawkes: try again with +2"), "expelliarmus": N_("Flip Expelliarmus: no setback")}
WORDS = {ev.Check: N_("Check the Test now"), ev.Decline: N_("Do not flip it"), ev.Done: N_("Done swapping")}


def choice_panel(
    view: ChallengeView, commands: Sequence[Command], names: Sequence[str], on_cancel: Callable[[], None] | None
) -> ChoicePanel:
    """The panel for ``commands`` (the task's, or the several moves one drop could mean, with a Cancel). A choice
    of space (where a new card goes, where to step back) stands at the foot of the table, which stays in view to
    tap the space on."""
    options = [_option(view, command, names) for command in commands]

    def words(command: Command | None) -> str:
        return _("Confirm") if command is None else label(view, command, names)

    task = view.tasks[-1] if view.tasks else None
    on_board = task is not None and (task.kind == "place" or task.phase == "retreat")
    title, explain = heading(view, names)
    if commands and all(round_trip(view, command) for command in commands):
        explain = _("A move back onto your own space leaves it and comes in again to encounter the card there.")
    keep = next((c for c in commands if isinstance(c, ev.WandBonus) and not c.use), None)  # (spends nothing)
    return ChoicePanel(
        title, explain, options, face=card_face, confirm_label=words, docked=on_board, cancel=on_cancel, safe=keep
    )


def round_trip(view: ChallengeView, command: Command) -> bool:
    """Whether ``command`` walks the viewer's character out of its space and back in (a move, or a Nimbus move,
    ending where it stands: it encounters the card lying there)."""
    match command:
        case ev.Move(path=path) | ev.UseSpecial(path=path) if path:
            return path[-1] == view.me.cell
    return False


def _option(view: ChallengeView, command: Command, names: Sequence[str]) -> Option:
    match command:
        case ev.Discard(card=c) | ev.Swap(card=c):
            return Option(command, c)
        case ev.Boost(card=c, ability=a) if c not in SPECIALS:
            return Option(command, c, (Pick("ability", a, boost(view, a)),))
        case ev.ChooseEncounterer(target=t):
            return Option(command, view.tasks[-1].card, (Pick("who", t, who(view, t, names)),))
    return Option(command, button=label(view, command, names))


def who(view: ChallengeView, seat: int, names: Sequence[str]) -> str:
    if seat == view.seat:
        return _("You ({character})").format(character=first_name(view, seat))
    return _("{name} ({character})").format(name=names[seat], character=first_name(view, seat))


def first_name(view: ChallengeView, seat: int) -> str:
    """The character's first name ("Harry"; in the current language)."""
    return CHARACTERS[view.players[seat].character].first_name


def boost(view: ChallengeView, ability: str) -> str:
    """What discarding a card adds to an ability (Ron's discards count twice)."""
    return _("+{count} {ability}").format(count=2 if view.me.character == "ron" else 1, ability=ABILITY_NAMES[ability])


def label(view: ChallengeView, command: Command, names: Sequence[str]) -> str:
    """A button's words for ``command``."""
    me, board = view.me, view.board_map()
    if type(command) in WORDS:
        return _(WORDS[type(command)])
    match command:
        case ev.ChooseEncounterer(target=t):
            if t == view.seat:
                return _("You ({character}) encounter it").format(character=first_name(view, t))
            return _("{name} ({character}) encounters it").format(name=names[t], character=first_name(view, t))
        case ev.Boost(card=c, ability=a) if c in SPECIALS:
            tested = ADVENTURES[view.tasks[-1].card].test.abilities  # (a bonus adds only to what the Test names)
            bonus = ", ".join(
                _("+{count} {ability}").format(count=n, ability=ABILITY_NAMES[a if p == "*" else p])
                for p, n in SPECIALS[c].bonus
                if p == "*" or p in tested
            )
            return _("Flip {card} ({bonus})").format(card=SPECIALS[c].name, bonus=bonus)
        case ev.Boost(card=c, ability=a):
            return _("Discard {card}: {bonus}").format(card=title(c), bonus=boost(view, a))
        case ev.UseFree(card=c):
            return _(FREE_WORDS[c])
        case ev.Discard(card=c):
            return _("Discard {card}").format(card=title(c))
        case ev.Retreat(cell=cell):
            return _("Go to {space}").format(space=name(cell))
        case ev.PlaceCard(cell=cell) if cell in name(cell):  # ("Corridor A4 (A4)" said its code twice)
            return _("Put it on {space}").format(space=name(cell))
        case ev.PlaceCard(cell=cell):
            return _("Put it on {space} ({cell})").format(space=name(cell), cell=cell)
        case ev.Feast(ability=a):
            value = me.ability(a)  # ("+1 Knowledge (now 4)" read as the value after the raise: a review)
            raised = min(MAX_ABILITY, value + 1)
            return _("+1 {ability} ({value} → {raised})").format(ability=ABILITY_NAMES[a], value=value, raised=raised)
        case ev.Swap(card=c):
            return _("Swap away {card}").format(card=title(c))
        case ev.WandBonus(use=use):
            return _("Flip it: one extra action now") if use else _("Keep the token")
        case ev.Move(path=path, bypass=bypass) | ev.UseSpecial(path=path, bypass=bypass) if path:
            return _move_words(command, path, bypass, board)
        case ev.UseSpecial(card=c, cell=cell, bypass=bypass) if cell:  # (Floo Powder, Firebolt)
            return _move_words(command, (cell,), bypass, board, SPECIALS[c].name)
        case ev.UseSpecial(card=c, other=o) if o >= 0:
            return _("{card}: swap with {name}").format(card=SPECIALS[c].name, name=names[o])
    # (A Special Card is in a panel only when several of its uses aim at one space: Accio!, Hedwig, Time-Turner never)
    return type(command).__name__


def _move_words(command: Command, path: tuple, bypass: tuple, board: dict[str, str], arriving: str = "") -> str:
    """A move's words; ``arriving``: the Special Card that takes the character there in one go (no walk)."""
    end = path[-1]
    cards = [cell for cell in path if cell in board]
    free = isinstance(command, ev.UseSpecial) and command.card == "map"
    ways = _ways(bypass)
    if not free and len(bypass) < len(cards):
        card = title(board[end])
        if arriving:
            words = _("Encounter {card} (arriving by {special})").format(card=card, special=arriving)
        elif len(path) > 1:
            words = _("Encounter {card} (from {space})").format(card=card, space=name(path[-2]))
        else:
            words = _("Encounter {card} (one step, from your space)").format(card=card)
    elif end in board:
        words = _("Stop on {space} without an encounter").format(space=name(end))
    else:
        words = _("Go to {space}").format(space=name(end))
    return _("{move}, walking past with {ways}").format(move=words, ways=ways) if ways else words


def _ways(bypass: tuple) -> str:
    """What the move spends to walk past cards, in words ("" when it only passes their Tests: nothing to add; a
    card passed by its Test among others is left out too: "walking past with you pass its Test and Invisibility
    Cloak" told nothing that "walking past with Invisibility Cloak" does not)."""
    ways = [_(WAY_WORDS[way]) if way in WAY_WORDS else way for way in bypass if way != "able"]
    if not ways:
        return ""
    joined = ways[0]
    for way in ways[1:]:
        joined = _("{first} and {second}").format(first=joined, second=way)
    return joined


def heading(view: ChallengeView, names: Sequence[str]) -> tuple[str, str]:
    """The panel's title and explanation."""
    task = view.tasks[-1] if view.tasks else None
    if task is None or task.kind == "action":
        return _("Choose how"), _("Several moves end on that space. Choose one.")
    card = task.card
    if task.kind == "who":
        explain = _("{card} (Test {test}) lands on {space}.")
        return _("Who encounters it?"), explain.format(
            card=title(card), test=ADVENTURES[card].test.text(), space=name(task.cell)
        )
    if task.kind == "encounter":
        info = ADVENTURES[card]
        boosts, retry = dict(task.boosts), 2 if task.retried else 0  # what the Test is taken with now
        have = {a: view.me.ability(a) + boosts.get(a, 0) + retry for a in info.test.abilities}
        values = ", ".join(_("{ability} {value}").format(ability=ABILITY_NAMES[a], value=n) for a, n in have.items())
        text = _("{card}: Test {test}. You have {values}.").format(
            card=info.title, test=info.test.words(), values=values
        )
        by = ambusher(view)
        if by is not None:  # (the one ambushed takes the screen in the middle of another's turn)
            text = _("{name} played {card} onto your space.").format(name=names[by], card=info.title) + " " + text
        if task.phase == "boost":
            passing = info.test.passes(have)
            flips = any(isinstance(c, ev.Boost) and c.card in SPECIALS for c in view.legal)
            more = min(2 - task.used, view.me.hand_count)  # (up to 2, of the cards held)
            return _("Boost the encounter?"), boost_words(text, more, flips, passing, task.used == 0)
        return encounter_heading(task.phase, text, info.title)
    if task.kind == "place":
        return _("New Adventure Card"), _("Put {card} on a free space (choose it on the board, or below).").format(
            card=title(card)
        )
    if task.kind == "holiday":
        swapped = ngettext(
            "Discard any cards; you draw as many when done ({count} card swapped so far).",
            "Discard any cards; you draw as many when done ({count} cards swapped so far).",
            task.used,
        )
        return _("Summer holidays"), swapped.format(count=task.used)
    if task.kind == "limit":
        held = ngettext(
            "Discard down to 8 cards ({count} card in hand).",
            "Discard down to 8 cards ({count} cards in hand).",
            view.me.hand_count,
        )
        return _("Hand limit"), held.format(count=view.me.hand_count)
    if task.kind == "token":
        return _("Wand Bonus Token"), _("Flip it face down to take one extra action at once. It returns with the Wand.")
    if task.kind == "feast":
        return _("End-of-year feast"), _("Raise one ability by 1.")
    return _("Choose"), ""


def ambusher(view: ChallengeView) -> int | None:
    """Who played the card being encountered onto the viewer's space, when it was someone else (in their turn)."""
    task = view.tasks[-1]
    if task.came_from:
        return None  # (walked into)
    actions = [t.seat for t in view.tasks if t.kind == "action"]
    return actions[-1] if actions and actions[-1] != view.seat else None


def boost_words(text: str, more: int, flips: bool, passing: bool, first: bool = False) -> str:
    """What a boost may still do: ``more`` hand cards to discard (``first``: none discarded yet, so not "more"),
    bonus cards to ``flips``; and when the Test is passed already, that it is (after one boost that did it,
    "Discard up to 1 more card" invited wasting one)."""
    if passing:
        return _("{text} That passes the Test: check it now.").format(text=text)
    if more == 0 and first:  # (an empty hand: "Discard up to 2 cards" offered what was not there)
        if flips:
            return _("{text} You have no cards to discard: flip bonus cards, or check the Test.").format(text=text)
        return _("{text} You have no cards to discard: check the Test.").format(text=text)
    if more == 0:  # (both boost cards discarded: "Discard up to 0 more cards" said nothing)
        if flips:
            return _("{text} No more cards may be discarded: flip bonus cards, or check the Test.").format(text=text)
        return _("{text} No more cards may be discarded: check the Test.").format(text=text)
    if first:  # (before any: "Discard up to 2 more cards" read as if some had been discarded: a review)
        boost = (
            ngettext(
                "{text} Discard up to {count} card or flip bonus cards.",
                "{text} Discard up to {count} cards or flip bonus cards.",
                more,
            )
            if flips
            else ngettext(
                "{text} Discard up to {count} card to boost it, or check the Test.",
                "{text} Discard up to {count} cards to boost it, or check the Test.",
                more,
            )
        )
    elif flips:
        boost = ngettext(
            "{text} Discard up to {count} more card or flip bonus cards.",
            "{text} Discard up to {count} more cards or flip bonus cards.",
            more,
        )
    else:  # (no bonus card to flip: "or flip bonus cards" sent one looking for some)
        boost = ngettext(
            "{text} Discard up to {count} more card to boost it, or check the Test.",
            "{text} Discard up to {count} more cards to boost it, or check the Test.",
            more,
        )
    return boost.format(text=text, count=more)


def encounter_heading(phase: str, text: str, card: str) -> tuple[str, str]:
    """The panel's title and explanation after the boost (``text``: the card, its Test and the values)."""
    if phase == "fawkes":
        return _("You failed the Test"), _("{text} Fawkes the Phoenix can give one more try with +2.").format(text=text)
    if phase == "expelliarmus":
        return _("You failed the Test"), _("{text} Expelliarmus can cancel the setback.").format(text=text)
    if phase == "discard":
        # (after "Riddikulus!" no full stop: "You failed Riddikulus!. Discard one card")
        return _("Setback"), end_sentence(_("You failed {card}. Discard one card of your choice.").format(card=card))
    if phase == "retreat":
        return _("Setback"), _("Step to a connected space without a card (choose it on the board, or below).")
    return _("Choose"), ""
