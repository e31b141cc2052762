"""That's Wizard!'s choices in the shared choice panel: the side board before a duel, every choice at resolution
(turn order after a roll, end-of-round order, Dispel, Erase Memory, Transference, Scry, who falls first, the
sudden-death pairing), and the answer to a draw offered in a stalled duel. The panel shows only what this seat's
view holds; nothing is chosen for the player, the rules' default is only preselected.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from tabletop.core.protocol import Command
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import PREMADE, STRATEGIES
from tabletop.games.thats_wizard.rules import canonical
from tabletop.games.thats_wizard.view import PromptView, ThatsWizardView
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.tables.choice_panel import ChoicePanel, Option, Pick
from tabletop.ui.tables.thats_wizard.cards import card_face, card_height, lay_tokens
from tabletop.ui.theme import px

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


def choice_panel(view: ThatsWizardView, names: Sequence[str]) -> ChoicePanel:
    """The panel for the choice this seat makes now: its side board, or the prompt the rules ask of it."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    prompt = view.prompt
    if prompt is None:
        return _side_board(view)
    if prompt.kind == "erase":
        count = min(2, len(prompt.cards))
        explain = f"Take {count} cards. They come back when Erase Memory leaves play."
        options = [Option(command) for command in view.legal]
        title = f"Erase Memory: {who(prompt.target)}'s hand"
        return SeveralCards(
            title, explain, options, confirm_label=lambda _c: "Take them", pool=prompt.cards, count=count
        )
    fill = {"target": who(prompt.target), "count": prompt.count, "s": "" if prompt.count == 1 else "s"}
    title, explain = (words.format(**fill) for words in WORDS[prompt.kind])
    if prompt.kind == "draw":
        explain = DRAW_NOTES[_draw_stance(view)].format(target=who(prompt.target))
        commands: Sequence[Command] = [ev.AnswerDraw(view.seat, True), ev.AnswerDraw(view.seat, False)]
    else:
        commands = view.legal
    options = [_option(command, prompt, who) for command in commands]
    panel = ChoicePanel(title, explain, options, _face(view, prompt), card_height, suggestion=view.suggestion)
    for button, option in zip(panel.direct, [o for o in options if o.button], strict=True):
        button.enabled = option.command in view.legal  # shown, but refused (accepting a draw one could win)
    return panel


def _draw_stance(view: ThatsWizardView) -> str:
    if ev.AnswerDraw(view.seat, True) in view.legal:
        return "accept"
    return "hurt" if view.wizards[view.seat].dueling else "over"


def _option(command: Command, prompt: PromptView, who: Callable[[int], str]) -> Option:
    if isinstance(command, (ev.KeepSpell, ev.RemoveToken)):
        return Option(command, command.card)
    if isinstance(command, ev.ResolveNext):
        return Option(command, command.effect)
    return Option(command, button=_label(command, prompt, who))


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


def _side_board(view: ThatsWizardView) -> ChoicePanel:
    """Two spells of seven sit out; a premade book offers its strategies' side boards as presets."""
    presets = [
        Option(ev.ChooseSideBoard(view.seat, out), picks=(Pick("preset", out, label),))
        for book, strategies in STRATEGIES.items()
        if set(PREMADE[book]) == set(view.book)
        for label, keep in strategies
        for out in [canonical([c for c in view.book if c not in keep])]
    ]
    return SeveralCards(
        "Choose your side board",
        "Two spells sit out this duel, face down. Your hand: the other five, Focus and Counterspell.",
        [*(Option(command) for command in view.legal), *presets],
        confirm_label=lambda _c: "Set them aside",
        pool=canonical(view.book),
    )


@dataclass
class SeveralCards(ChoicePanel):
    """A choice of several cards at once (a side board, the cards Erase Memory takes), which the kit's panel
    cannot make (it picks one card per option): ``picked`` holds the cards tapped so far, up to ``count``, and the
    option whose command names exactly them is the choice. A row of presets may pick them all at once."""

    pool: Sequence[str] = ()
    count: int = 2
    picked: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.face, self.face_height = card_face, card_height
        super().__post_init__()
        self.selected_card = None  # (the kit selects a lone card; here cards are picked)

    def cards(self) -> list[str]:
        return list(self.pool)

    def command(self) -> Command | None:
        wanted = canonical(self.picked)
        for option in self.options:
            if isinstance(option.command, (ev.ChooseSideBoard, ev.TakeCards)) and option.command.cards == wanted:
                return option.command
        return None

    def _pick(self, pick: Pick) -> None:
        super()._pick(pick)
        assert isinstance(pick.value, tuple)  # a preset: the cards it sets aside
        self.picked = list(pick.value)

    def pointer(self, event: PointerEvent) -> Command | None:
        card = self.card_at(event.pos) if event.kind == "tap" else None
        if card is None:
            return super().pointer(event)
        self.selected.clear()  # no preset any more
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < self.count:
            self.picked.append(card)
        return None

    def gesture(self, command: Command) -> list[tuple[int, int]]:
        assert isinstance(command, (ev.ChooseSideBoard, ev.TakeCards))
        toggles = {*self.picked} ^ {*command.cards}  # (the panel never holds more picks than the command)
        taps = [self.hide.rect.center] if self.hidden else []
        return [*taps, *(self.card_rects[card].center for card in sorted(toggles)), self.confirm.rect.center]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.hidden:
            return
        for card in self.picked:
            ring = self.card_rects[card].inflate(px(6), px(6))
            pygame.draw.rect(surface, theme.HIGHLIGHT, ring, px(3), border_radius=px(10))
        count = theme.text(f"{len(self.picked)} of {self.count} chosen", 16, theme.TEXT_DIM)
        surface.blit(count, count.get_rect(midleft=(self.confirm.rect.right + px(16), self.confirm.rect.centery)))
