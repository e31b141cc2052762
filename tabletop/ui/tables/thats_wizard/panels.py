"""That's Wizard!'s choices in the shared choice panel: the side board before a duel, every choice at resolution
(turn order after a roll, end-of-round order, Dispel, Erase Memory, Transference, Scry, who falls first, the
sudden-death pairing), and the answer to a draw offered in a stalled duel. The panel shows only what this seat's
view holds; nothing is chosen for the player, the rules' default is only preselected.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tabletop.core.protocol import Command
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import PREMADE, STRATEGIES, name
from tabletop.games.thats_wizard.rules import canonical
from tabletop.games.thats_wizard.view import PromptView, ThatsWizardView
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.tables.choice_panel import ChoicePanel, Option, Pick
from tabletop.ui.tables.thats_wizard.cards import card_face, card_height, lay_tokens

PLACES = ("first", "second", "third", "fourth")
WORDS = {
    "tie": ("You won the roll", "Equal Spell Power: choose whether your side takes its turn first or second."),
    "team": ("Same Spell Power as your ally", "Choose whether you take your turn before or after your ally."),
    "eor_place": ("End of the round", "You won the roll: choose when your end-of-round effects happen."),
    "eor_next": ("Your end-of-round effects", "Choose which of your effects happens next."),
    "transfer": ("Transference", "How much Stamina do you give {target}?"),
    "dispel": ("Dispel: {count} token{s} to remove", "Choose a lasting spell of {target} to take a token from."),
    "scry": ("Scry", "Only you see these spells. Keep one for this duel; Scry goes into the deck."),
    "lethal": (
        "Falling at the same moment",
        "You won the roll: whose Stamina loss comes first? The first to reach 0 loses the duel.",
    ),
    "pairing": ("The sudden-death set", "You won the roll: choose who faces whom."),
    "erase": ("Erase Memory: {target}'s hand", "Take {count} card{s}. They come back when Erase Memory leaves play."),
    "draw": ("{target} offers a draw", ""),
}
DRAW_NOTES = {
    "accept": "{target}'s duel has stalled and they cannot win it. If you and everyone else asked accept, the match "
    "ends in a draw shared by both sides.",
    "over": "Your duel is over and the next set may still decide the match, so you cannot accept: a draw is only "
    "for a match nobody can win any more.",
    "hurt": "You can still hurt your opponent, so you cannot accept: a draw is only for a match nobody can win any "
    "more.",
}
SIDE_BOARD = (
    "Choose your side board",
    "Two spells sit out this duel, face down. Your hand: the other five, Focus and Counterspell.",
)


def choice_panel(view: ThatsWizardView, names: Sequence[str]) -> ChoicePanel:
    """The panel for the choice this seat makes now: its side board, or the prompt the rules ask of it."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    prompt = view.prompt
    if prompt is None:
        return _several_cards(SIDE_BOARD, [*_takes(view), *_presets(view)], "Set them aside")
    count = min(prompt.count, len(prompt.cards)) if prompt.kind == "erase" else prompt.count
    fill = {"target": who(prompt.target), "count": count, "s": "" if count == 1 else "s"}
    title, explain = (words.format(**fill) for words in WORDS[prompt.kind])
    if prompt.kind == "erase":
        return _several_cards((title, explain), _takes(view), "Take them")
    commands: Sequence[Command] = view.legal
    if prompt.kind == "draw":
        explain = DRAW_NOTES[_draw_stance(view)].format(target=who(prompt.target))
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
        if prompt.kind == "tie":
            return ("Go first", "Go second")[command.place]
        if prompt.kind == "team":
            return ("Before my ally", "After my ally")[command.place]
        return f"Go {PLACES[command.place]}"
    if isinstance(command, ev.Transfer):
        return str(command.amount)
    if isinstance(command, ev.ApplyFirst):
        return f"{who(command.target)} first"
    if isinstance(command, ev.ChoosePairing):
        other = 3 if command.opponent == 1 else 1
        return f"{who(0)} v {who(command.opponent)}, {who(2)} v {who(other)}"
    assert isinstance(command, ev.AnswerDraw)
    return "Accept the draw" if command.accept else "Refuse, play on"


def _takes(view: ThatsWizardView) -> list[Option]:
    """Each legal set of cards (a side board, Erase Memory's take), picked by tapping its cards."""
    several = (ev.ChooseSideBoard, ev.TakeCards)
    return [Option(command, cards=command.cards) for command in view.legal if isinstance(command, several)]


def _presets(view: ThatsWizardView) -> list[Option]:
    """A premade book's strategies, each a button that picks its side board at once (and says which two)."""
    return [
        Option(ev.ChooseSideBoard(view.seat, out), picks=(Pick("preset", out, f"{label}: {_pair(out)} out"),))
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
