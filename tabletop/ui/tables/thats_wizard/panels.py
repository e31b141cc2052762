"""That's Wizard!'s choices in the shared choice panel: the side board before a duel, every choice at resolution
(turn order after a roll, Shock going first or second, end-of-round order, Dispel, Erase Memory, Transference,
Scry, who falls first, the sudden-death pairing), and the answer to a draw offered in a stalled duel. The panel
shows only what this seat's view holds; nothing is chosen for the player, the rules' default is only preselected.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tabletop.core.protocol import Command
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import PREMADE, STRATEGIES, name
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.i18n import ngettext
from tabletop.games.thats_wizard.rules import canonical
from tabletop.games.thats_wizard.view import PromptView, ThatsWizardView
from tabletop.i18n import N_
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.tables.choice_panel import ChoicePanel, Option, Pick
from tabletop.ui.tables.thats_wizard.cards import card_face, card_height, lay_tokens

PLACES = (N_("Go first"), N_("Go second"), N_("Go third"), N_("Go fourth"))
WORDS = {  # a prompt's title and what it asks (the words with a count: ``prompt_words``)
    "tie": (N_("You won the roll"), N_("Equal Spell Power: choose whether your side takes its turn first or second.")),
    "team": (N_("Same Spell Power as your ally"), N_("Choose whether you take your turn before or after your ally.")),
    "eor_place": (N_("End of the round"), N_("You won the roll: choose when your end-of-round effects happen.")),
    "shock": (
        N_("Shock: your opponent takes no turn"),
        N_("Choose to go first (Shock deals 1 more Damage) or second (it does not)."),
    ),
    "eor_later": (
        N_("End of the round"),
        N_("A higher roll chose first: choose when your effects happen, of the places left."),
    ),
    "eor_next": (N_("Your end-of-round effects"), N_("Choose which of your effects happens next.")),
    "transfer": (N_("Transference"), N_("How much Stamina do you give {target}?")),
    "dispel": ("", N_("Choose a lasting spell of {target} to take a token from.")),
    "scry": (N_("Scry"), N_("Only you see these spells. Keep one for this duel; Scry goes into the deck.")),
    "lethal": (
        N_("Falling at the same moment"),
        N_("You won the roll: whose Stamina loss comes first? The first to reach 0 loses the duel."),
    ),
    "lethal_one_side": (  # (one Conflagration felling two of one side: each loses their own duel)
        N_("Falling at the same moment"),
        N_("You won the roll: whose fall comes first? Each loses their own duel; the first to fall loses first."),
    ),
    "pairing": (N_("The sudden-death set"), N_("You won the roll: choose who faces whom.")),
    "erase": (N_("Erase Memory: {target}'s hand"), ""),
    "draw": (N_("{target} offers a draw"), ""),
}
DRAW_NOTES = {
    "accept": N_(
        "{target}'s duel has stalled and they cannot win it. If you and everyone else asked accept, the match "
        "ends in a draw shared by both sides."
    ),
    "over": N_(
        "Your duel is over and the next set may still decide the match, so you cannot accept: a draw is only "
        "for a match nobody can win any more."
    ),
    "hurt": N_(
        "You can still hurt your opponent, so you cannot accept: a draw is only for a match nobody can win any more."
    ),
}
SIDE_BOARD = (
    N_("Choose your side board"),
    N_("Two spells sit out this duel, face down. Your hand: the other five, Focus and Counterspell."),
)


def prompt_words(kind: str, count: int) -> tuple[str, str]:
    """A prompt's title and explanation in the language shown, placeholders unfilled (Dispel's title and Erase
    Memory's explanation count something: a plural)."""
    title, explain = (_(words) if words else "" for words in WORDS[kind])
    if kind == "dispel":
        title = ngettext("Dispel: {count} token to remove", "Dispel: {count} tokens to remove", count)
    elif kind == "erase":
        explain = ngettext(
            "Take {count} card. They come back when Erase Memory leaves play.",
            "Take {count} cards. They come back when Erase Memory leaves play.",
            count,
        )
    return title, explain


def choice_panel(view: ThatsWizardView, names: Sequence[str]) -> ChoicePanel:
    """The panel for the choice this seat makes now: its side board, or the prompt the rules ask of it."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else _("Seat {number}").format(number=seat + 1)

    prompt = view.prompt
    if prompt is None:
        words = (_(SIDE_BOARD[0]), _(SIDE_BOARD[1]))
        return _several_cards(words, [*_takes(view), *_presets(view)], _("Set them aside"))
    count = min(prompt.count, len(prompt.cards)) if prompt.kind == "erase" else prompt.count
    fill = {"target": who(prompt.target), "count": count}
    kind: str = prompt.kind
    if kind == "eor_place" and len(prompt.values) < len(view.eor_slots):  # a higher roll has chosen a place
        kind = "eor_later"
    if kind == "lethal" and len({seat % 2 for seat in prompt.values}) == 1:
        kind = "lethal_one_side"
    title, explain = (words.format(**fill) for words in prompt_words(kind, count))
    if prompt.kind == "erase":
        return _several_cards((title, explain), _takes(view), _("Take them"))
    commands: Sequence[Command] = view.legal
    if prompt.kind == "draw":
        explain = _(DRAW_NOTES[_draw_stance(view)]).format(target=who(prompt.target))
        commands = [ev.AnswerDraw(view.seat, True), ev.AnswerDraw(view.seat, False)]
    options = [_option(command, prompt, who, command in view.legal) for command in commands]
    return ChoicePanel(title, explain, options, _face(view, prompt), card_height, suggestion=view.suggestion)


def _several_cards(words: tuple[str, str], options: list[Option], confirm: str) -> ChoicePanel:
    """Several cards picked together (a side board, the cards Erase Memory takes), by tapping them or a preset."""
    panel = ChoicePanel(*words, options, card_face, card_height, confirm_label=lambda _command: confirm)
    panel.selected_card = None  # (the kit selects a lone card; here cards are picked)
    return panel


def _draw_stance(view: ThatsWizardView) -> str:
    if ev.AnswerDraw(view.seat, True) in view.legal:
        return "accept"
    return "hurt" if view.wizards[view.seat].dueling else "over"


def _option(command: Command, prompt: PromptView, who: Callable[[int], str], legal: bool) -> Option:
    """A card to tap, else a button of its own (a draw one cannot accept is shown, refused)."""
    if isinstance(command, (ev.KeepSpell, ev.RemoveToken)):
        return Option(command, command.card)
    if isinstance(command, ev.ResolveNext):
        return Option(command, command.effect)
    return Option(command, button=_label(command, prompt, who), enabled=legal)


def _label(command: Command, prompt: PromptView, who: Callable[[int], str]) -> str:
    if isinstance(command, ev.TakePlace):
        if prompt.kind in ("tie", "shock"):
            return (_("Go first"), _("Go second"))[command.place]
        if prompt.kind == "team":
            return (_("Before my ally"), _("After my ally"))[command.place]
        return _(PLACES[command.place])
    if isinstance(command, ev.Transfer):
        return str(command.amount)
    if isinstance(command, ev.ApplyFirst):
        return _("{name} first").format(name=who(command.target))
    if isinstance(command, ev.ChoosePairing):
        other = 3 if command.opponent == 1 else 1
        return _("{a} v {b}, {c} v {d}").format(a=who(0), b=who(command.opponent), c=who(2), d=who(other))
    assert isinstance(command, ev.AnswerDraw)
    return _("Accept the draw") if command.accept else _("Refuse, play on")


def _takes(view: ThatsWizardView) -> list[Option]:
    """Each legal set of cards (a side board, Erase Memory's take), picked by tapping its cards."""
    several = (ev.ChooseSideBoard, ev.TakeCards)
    return [Option(command, cards=command.cards) for command in view.legal if isinstance(command, several)]


def _presets(view: ThatsWizardView) -> list[Option]:
    """A premade book's strategies, each a button that picks its side board at once (and says which two)."""
    return [
        Option(
            ev.ChooseSideBoard(view.seat, out),
            picks=(Pick("preset", out, _("{strategy}: {pair} out").format(strategy=_(label), pair=_pair(out))),),
        )
        for book, strategies in STRATEGIES.items()
        if set(PREMADE[book]) == set(view.book)
        for label, keep in strategies
        for out in [canonical([c for c in view.book if c not in keep])]
    ]


def _pair(cards: Sequence[str]) -> str:
    return " + ".join(name(card) for card in cards)


def _face(view: ThatsWizardView, prompt: PromptView) -> Callable[[str, int], pygame.Surface]:
    """Card faces; Dispel's show the tokens each lasting spell holds."""
    if prompt.kind != "dispel":
        return card_face
    tokens = {item.card: item.tokens for item in view.lasting if item.owner == prompt.target}
    return lambda card, width: with_tokens(card, width, tokens.get(card, 0), prompt.target % 2)


@surface_cache(32)
def with_tokens(card: str, width: int, tokens: int, team: int) -> pygame.Surface:
    face = card_face(card, width).copy()
    lay_tokens(face, face.get_rect(), tokens, team)
    return face
